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
