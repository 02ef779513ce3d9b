#include <stdlib.h>
#include <string.h>
#include <yaml.h>

// The scanner's entry point that libyaml's own parser calls to fill its token queue. Declared
// in libyaml's private header, exported (YAML_DECLARE) by every 0.2 release.
int yaml_parser_fetch_more_tokens(yaml_parser_t *parser);

// PEEK_TOKEN of libyaml's parser.c: the token at the head of the queue, scanned if need be;
// NULL on a scanner error. Read in place: yaml_parser_scan would copy each token out.
static inline yaml_token_t *higlint_yaml_peek_token(yaml_parser_t *parser) {
    return (parser->token_available || yaml_parser_fetch_more_tokens(parser)) ? parser->tokens.head : NULL;
}

// SKIP_TOKEN of parser.c, and the token freed (the parser hands its value on to an event).
// Only after higlint_yaml_peek_token gave a token.
static inline void higlint_yaml_skip_token(yaml_parser_t *parser) {
    yaml_token_t *token = parser->tokens.head;
    parser->token_available = 0;
    parser->tokens_parsed++;
    parser->stream_end_produced = (token->type == YAML_STREAM_END_TOKEN);
    parser->tokens.head++;
    yaml_token_delete(token);
}

// The reader's work done ahead, for input that needs none of it: UTF-8 that libyaml's reader
// would check and copy into its buffer one character at a time, unchanged (a tenth of a
// spec's instructions). The whole input goes into the buffer at once, with the NUL the
// reader puts after the last character, and the parser is told the input is read (eof,
// nothing left raw, `characters` + 1 unread), so the reader is never called again: as after
// it read the whole input itself. Sixteen more NULs after it: near the end the scanner looks
// a few characters ahead of what the reader gave it. The caller checks the bytes and counts
// the characters; 0 when the buffer could not grow, and the parser is then as it was.
static inline int higlint_yaml_read_ahead(yaml_parser_t *parser, const unsigned char *input, size_t length,
                                          size_t characters) {
    size_t needed = length + 17;
    if ((size_t)(parser->buffer.end - parser->buffer.start) < needed) {
        yaml_char_t *larger = malloc(needed);
        if (!larger) return 0;
        free(parser->buffer.start);
        parser->buffer.start = larger;
        parser->buffer.end = larger + needed;
    }
    if (length > 0) memcpy(parser->buffer.start, input, length);
    memset(parser->buffer.start + length, 0, 17);
    parser->buffer.pointer = parser->buffer.start;
    parser->buffer.last = parser->buffer.start + length + 1;
    parser->unread = characters + 1;
    parser->encoding = YAML_UTF8_ENCODING;
    parser->eof = 1;
    return 1;
}
