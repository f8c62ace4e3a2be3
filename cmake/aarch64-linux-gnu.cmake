# A CMake toolchain file: nonet for 64-bit ARM Linux with Debian's cross
# compiler (gcc-aarch64-linux-gnu), its programs and tests run through
# qemu-user (qemu-aarch64) on Debian's arm64 libc (libc6:arm64, which
# libcmocka-dev:arm64 brings; the cross toolchain's own copy as qemu's
# root, -L /usr/aarch64-linux-gnu, hangs in pthread_create under qemu 7.2).
#   cmake -B build-arm -DCMAKE_TOOLCHAIN_FILE=cmake/aarch64-linux-gnu.cmake
# `make test-arm` does this and runs the test suite.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_FIND_ROOT_PATH /usr/aarch64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
# Debian's multiarch packages for arm64 (libcmocka-dev:arm64) keep their
# pkg-config files here
set(ENV{PKG_CONFIG_LIBDIR} "/usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig")
set(ENV{PKG_CONFIG_SYSROOT_DIR} "/")
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64)
