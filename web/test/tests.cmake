# The web package and the play page, as tests (included by
# tests/CMakeLists.txt when NONET_TEST_WEB is on, as `make test` sets it).
# web_build is the fixture: it installs the test tools from the npm
# registry (web/test/setup.sh) and builds the WebAssembly package and the
# page with emscripten (web/build.sh) into the build tree's web/.
find_program(NONET_NODE node)
find_program(NONET_EMCC emcc)
if(NOT NONET_NODE OR NOT NONET_EMCC)
  message(FATAL_ERROR "NONET_TEST_WEB needs node and emcc: run 'sh scripts/deps.sh test' (Debian: nodejs, emscripten)")
endif()
set(NONET_WEB_DIR ${CMAKE_BINARY_DIR}/web)
set(NONET_NPM_DIR ${CMAKE_BINARY_DIR}/npm)
set(NONET_WEB_TEST ${PROJECT_SOURCE_DIR}/web/test)
add_test(NAME web_build COMMAND sh -c
  "sh '${NONET_WEB_TEST}/setup.sh' '${NONET_NPM_DIR}' && sh '${PROJECT_SOURCE_DIR}/web/build.sh' '${NONET_WEB_DIR}'")
set_tests_properties(web_build PROPERTIES FIXTURES_SETUP web TIMEOUT 1200)
# the package in Node, against the command's answers and messages
add_test(NAME web_api COMMAND ${NONET_NODE} --test ${NONET_WEB_TEST}/api.test.mjs)
# the type declarations, compiled against a user's calls
add_test(NAME web_types COMMAND ${NONET_NPM_DIR}/node_modules/.bin/tsc
  -p ${NONET_WEB_TEST}/tsconfig.json)
# the page in Debian's Chromium; screenshots in the build tree's web-shots/
add_test(NAME web_page COMMAND ${NONET_NODE} ${NONET_WEB_TEST}/e2e.mjs)
set_tests_properties(web_api web_types web_page PROPERTIES FIXTURES_REQUIRED web
  ENVIRONMENT "NONET_WEB=${NONET_WEB_DIR};NONET_CLI=$<TARGET_FILE:nonet_cli>;NONET_DATA_DIR=${PROJECT_SOURCE_DIR}/../shared/data;NONET_NODE_MODULES=${NONET_NPM_DIR};NONET_SHOTS=${CMAKE_BINARY_DIR}/web-shots")
set_tests_properties(web_page PROPERTIES TIMEOUT 600)
