/* reader.h: the reader's entry point for records it does not parse
 * itself. Internal.
 *
 * Variant puzzles (a JSON object with a "size" member, a line starting
 * "size=", an f-puzzles link) are recognised by the reader, which leaves
 * their parsing to src/variant. */
#ifndef NONET_CORE_READER_H
#define NONET_CORE_READER_H

#include <stddef.h>

#include "nonet.h"

/* As nonet_reader_next; for a variant record rec->status is NONET_OK,
 * rec->format JSON, LINE or GRID (a "size=" line with its rows), and
 * text and len hold its text (valid until the next call); for any other
 * record *text is NULL. */
int nonet__reader_next_raw(nonet_reader *r, nonet_record *rec,
                           const char **text, size_t *len);

/* As nonet__reader_next_raw, with nonet_reader_next_text's quick path
 * (`line`, `cap`, `line_len`: returns 2 for an unparsed one-line classic
 * record). */
int nonet__reader_next_raw_text(nonet_reader *r, nonet_record *rec,
                                const char **text, size_t *len, char *line,
                                size_t cap, size_t *line_len);

#endif
