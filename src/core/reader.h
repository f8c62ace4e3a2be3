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

/* Reading without a reader, between records (a batch whose workers read
 * their own share of the input): what the line s (without its newline,
 * nor a CR before it) is when every line before it was of kinds 0 and 1.
 * 1: a one-line classic record, the very record nonet_reader_next gives
 * being nonet_record_parse_line's; 0: a line a reader skips (blank, a
 * comment, on line 1 a CSV header); -1: one for a reader (a grid, JSON, a
 * variant, a BOM on line 1, a line longer than NONET__LINE_KIND_MAX).
 * `first`: s is line 1 of its input. */
#define NONET__LINE_KIND_MAX 4096
int nonet__line_kind(const char *s, size_t len, int first);

/* A reader that takes over an input after `lines` lines read so (its next
 * line is number lines + 1). */
void nonet__reader_start_at(nonet_reader *r, unsigned long lines);

#endif
