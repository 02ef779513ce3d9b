import CYAML

/// libyaml's event parser, done over its scanner's tokens for the YAML a spec is written in.
///
/// `yaml_parser_parse` is a state machine over the scanner's tokens; over the benchmark's
/// specs it is a fifth of libyaml's time (its states, its stacks, an event made and freed for
/// each node). This is the same machine, state for state and mark for mark (libyaml 0.2.5's
/// `parser.c`), feeding the document builder what each event would have told it, for the
/// inputs it takes: no anchors, aliases, tags or directives, no single-pair maps inside a flow
/// sequence, and nothing the parser would reject. For anything else it gives up (nil), and
/// the loader parses the input again with `yaml_parser_parse`, whose result and error
/// messages stand; so it never has to get an error or a limit right, only a valid spec.
/// `TokenReaderTests` and the fuzzer hold both paths to the same documents.
extension DocumentBuilder {
    private enum ParseState: UInt8, BitwiseCopyable {
        case documentStart
        case documentContent
        case documentEnd
        case blockNode
        case blockNodeOrIndentlessSequence
        case flowNode
        case blockSequenceFirstEntry
        case blockSequenceEntry
        case indentlessSequenceEntry
        case blockMappingFirstKey
        case blockMappingKey
        case blockMappingValue
        case flowSequenceFirstEntry
        case flowSequenceEntry
        case flowMappingFirstKey
        case flowMappingKey
        case flowMappingValue
        case flowMappingEmptyValue
    }

    /// The token `yaml_parser_parse` would `PEEK_TOKEN`: read in place at the head of the
    /// parser's queue (`higlint_yaml_peek_token`), which later scanning may move, so `token` is
    /// read only between a `peek()` and the next `skip()`.
    private struct TokenCursor {
        let parser: UnsafeMutablePointer<yaml_parser_t>
        private var head: UnsafeMutablePointer<yaml_token_t>?

        init(_ parser: UnsafeMutablePointer<yaml_parser_t>) {
            self.parser = parser
        }

        var token: yaml_token_t {
            @inline(__always) _read { yield head.unsafelyUnwrapped.pointee }
        }

        /// False on a scanner error.
        @inline(__always)
        mutating func peek() -> Bool {
            if head != nil { return true }
            head = higlint_yaml_peek_token(parser)
            return head != nil
        }

        @inline(__always)
        mutating func skip() {
            higlint_yaml_skip_token(parser)
            head = nil
        }
    }

    /// The documents of `buffer`, or nil when the token reader does not take it whole.
    mutating func runTokens(_ buffer: UnsafeBufferPointer<UInt8>) -> [YAMLDocument]? {
        Self.withParser(reading: buffer) { parser in
            // Tokens left in the queue are freed with the parser.
            var cursor = TokenCursor(parser)
            return readDocuments(&cursor, states: ScratchBuffer<ParseState>(capacity: 16))
        } ?? nil
    }

    /// `yaml_parser_process_empty_scalar`: a null where a node was left out.
    @inline(__always)
    private mutating func emptyScalar(at mark: yaml_mark_t) {
        appendScalar(value: nil, length: 0, style: YAML_PLAIN_SCALAR_STYLE, tagged: false, anchor: nil, start: mark, end: mark)
    }

    /// `yaml_parser_parse_node` for the tokens taken: false where it gives up.
    @inline(__always)
    private mutating func node(
        _ cursor: inout TokenCursor, state: inout ParseState, states: ScratchBuffer<ParseState>, block: Bool, indentless: Bool
    ) -> Bool {
        guard cursor.peek() else { return false }
        let start = cursor.token.start_mark
        switch cursor.token.type {
        case YAML_SCALAR_TOKEN:
            guard let next = states.removeLast() else { return false }
            state = next
            appendScalar(
                value: cursor.token.data.scalar.value, length: cursor.token.data.scalar.length, style: cursor.token.data.scalar.style,
                tagged: false, anchor: nil, start: start, end: cursor.token.end_mark)
            cursor.skip()
            return true
        case YAML_BLOCK_ENTRY_TOKEN where indentless:
            // The entry is not skipped: the sequence's first entry state reads it.
            state = .indentlessSequenceEntry
            return openCollection(isMapping: false, start: start, flow: false, tagged: false, anchor: nil) == nil
        case YAML_FLOW_SEQUENCE_START_TOKEN:
            state = .flowSequenceFirstEntry
            return openCollection(isMapping: false, start: start, flow: true, tagged: false, anchor: nil) == nil
        case YAML_FLOW_MAPPING_START_TOKEN:
            state = .flowMappingFirstKey
            return openCollection(isMapping: true, start: start, flow: true, tagged: false, anchor: nil) == nil
        case YAML_BLOCK_SEQUENCE_START_TOKEN where block:
            state = .blockSequenceFirstEntry
            return openCollection(isMapping: false, start: start, flow: false, tagged: false, anchor: nil) == nil
        case YAML_BLOCK_MAPPING_START_TOKEN where block:
            state = .blockMappingFirstKey
            return openCollection(isMapping: true, start: start, flow: false, tagged: false, anchor: nil) == nil
        default:
            // Aliases, anchors and tags are the parser's to read; anything else is its error.
            return false
        }
    }

    /// Token types as bits, for the sets of tokens that end an entry.
    private static func bits(_ types: yaml_token_type_t...) -> UInt32 {
        types.reduce(0) { $0 | 1 << $1.rawValue }
    }

    private static let endsSequenceEntry = bits(YAML_BLOCK_ENTRY_TOKEN, YAML_BLOCK_END_TOKEN)
    private static let endsIndentlessEntry = bits(YAML_BLOCK_ENTRY_TOKEN, YAML_KEY_TOKEN, YAML_VALUE_TOKEN, YAML_BLOCK_END_TOKEN)
    private static let endsMappingEntry = bits(YAML_KEY_TOKEN, YAML_VALUE_TOKEN, YAML_BLOCK_END_TOKEN)

    /// After a block indicator (`-`, `?` or `:`, the token at the cursor): the node it
    /// introduces, or, when the next token is one of `ends`, a null at the indicator's end.
    /// Either way the machine goes on in `next`, as the parser's entry and key states do.
    @inline(__always)
    private mutating func blockEntry(
        _ cursor: inout TokenCursor, state: inout ParseState, states: ScratchBuffer<ParseState>, ends: UInt32,
        next: ParseState, indentless: Bool
    ) -> Bool {
        let mark = cursor.token.end_mark
        cursor.skip()
        guard cursor.peek() else { return false }
        if ends & 1 << cursor.token.type.rawValue != 0 {
            state = next
            emptyScalar(at: mark)
            return true
        }
        states.append(next)
        return node(&cursor, state: &state, states: states, block: true, indentless: indentless)
    }

    /// The collection open at the top ends at the token at the cursor (`BLOCK-END`, `]` or `}`),
    /// which is skipped.
    @inline(__always)
    private mutating func endCollection(_ cursor: inout TokenCursor, state: inout ParseState, states: ScratchBuffer<ParseState>) -> Bool {
        guard let next = states.removeLast() else { return false }
        state = next
        closeCollection(end: cursor.token.end_mark)
        cursor.skip()
        return true
    }

    /// A flow collection's next entry, as the parser's flow states reach it: past the opening
    /// bracket for the first, past the `,` before any other. False where it gives up (anything
    /// but `,` or the closing `end` after an entry); the cursor is then at the entry or at `end`.
    @inline(__always)
    private func nextFlowEntry(_ cursor: inout TokenCursor, first: Bool, end: yaml_token_type_t) -> Bool {
        if first {
            guard cursor.peek() else { return false }
            cursor.skip()
        }
        guard cursor.peek() else { return false }
        if first || cursor.token.type == end { return true }
        guard cursor.token.type == YAML_FLOW_ENTRY_TOKEN else { return false }
        cursor.skip()
        return cursor.peek()
    }

    /// `yaml_parser_state_machine`, from the stream's start to its end.
    private mutating func readDocuments(_ cursor: inout TokenCursor, states: ScratchBuffer<ParseState>) -> [YAMLDocument]? {
        guard cursor.peek(), cursor.token.type == YAML_STREAM_START_TOKEN else { return nil }
        cursor.skip()
        var state = ParseState.documentStart
        var implicitDocument = true
        while true {
            switch state {
            case .documentStart:
                guard cursor.peek() else { return nil }
                if !implicitDocument {
                    while cursor.token.type == YAML_DOCUMENT_END_TOKEN {
                        cursor.skip()
                        guard cursor.peek() else { return nil }
                    }
                }
                let type = cursor.token.type
                if type == YAML_VERSION_DIRECTIVE_TOKEN || type == YAML_TAG_DIRECTIVE_TOKEN { return nil }
                if implicitDocument && type != YAML_DOCUMENT_START_TOKEN && type != YAML_STREAM_END_TOKEN {
                    states.append(.documentEnd)
                    state = .blockNode
                    startDocument(at: cursor.token.start_mark)
                } else if type == YAML_STREAM_END_TOKEN {
                    return documents
                } else {
                    guard type == YAML_DOCUMENT_START_TOKEN else { return nil }
                    states.append(.documentEnd)
                    state = .documentContent
                    startDocument(at: cursor.token.start_mark)
                    cursor.skip()
                }
            case .documentContent:
                guard cursor.peek() else { return nil }
                switch cursor.token.type {
                case YAML_VERSION_DIRECTIVE_TOKEN, YAML_TAG_DIRECTIVE_TOKEN, YAML_DOCUMENT_START_TOKEN,
                     YAML_DOCUMENT_END_TOKEN, YAML_STREAM_END_TOKEN:
                    guard let next = states.removeLast() else { return nil }
                    state = next
                    emptyScalar(at: cursor.token.start_mark)
                default:
                    guard node(&cursor, state: &state, states: states, block: true, indentless: false) else { return nil }
                }
            case .documentEnd:
                guard cursor.peek() else { return nil }
                if cursor.token.type == YAML_DOCUMENT_END_TOKEN { cursor.skip() }
                state = .documentStart
                implicitDocument = false
                endDocument()
            case .blockNode:
                guard node(&cursor, state: &state, states: states, block: true, indentless: false) else { return nil }
            case .blockNodeOrIndentlessSequence:
                guard node(&cursor, state: &state, states: states, block: true, indentless: true) else { return nil }
            case .flowNode:
                guard node(&cursor, state: &state, states: states, block: false, indentless: false) else { return nil }
            case .blockSequenceFirstEntry, .blockSequenceEntry, .blockMappingFirstKey, .blockMappingKey:
                // A sequence's entries and a map's keys: the same steps with `-` or `?`.
                let isMapping = state == .blockMappingFirstKey || state == .blockMappingKey
                if state == .blockSequenceFirstEntry || state == .blockMappingFirstKey {
                    guard cursor.peek() else { return nil }
                    cursor.skip()
                }
                guard cursor.peek() else { return nil }
                if cursor.token.type == (isMapping ? YAML_KEY_TOKEN : YAML_BLOCK_ENTRY_TOKEN) {
                    guard blockEntry(
                        &cursor, state: &state, states: states, ends: isMapping ? Self.endsMappingEntry : Self.endsSequenceEntry,
                        next: isMapping ? .blockMappingValue : .blockSequenceEntry, indentless: isMapping)
                    else { return nil }
                } else if cursor.token.type == YAML_BLOCK_END_TOKEN {
                    guard endCollection(&cursor, state: &state, states: states) else { return nil }
                } else {
                    return nil
                }
            case .indentlessSequenceEntry:
                guard cursor.peek() else { return nil }
                if cursor.token.type == YAML_BLOCK_ENTRY_TOKEN {
                    guard blockEntry(
                        &cursor, state: &state, states: states, ends: Self.endsIndentlessEntry, next: .indentlessSequenceEntry,
                        indentless: false)
                    else { return nil }
                } else {
                    // The sequence ends before the token that ends it, which is not skipped.
                    guard let next = states.removeLast() else { return nil }
                    state = next
                    closeCollection(end: cursor.token.start_mark)
                }
            case .blockMappingValue:
                guard cursor.peek() else { return nil }
                if cursor.token.type == YAML_VALUE_TOKEN {
                    guard blockEntry(
                        &cursor, state: &state, states: states, ends: Self.endsMappingEntry, next: .blockMappingKey,
                        indentless: true)
                    else { return nil }
                } else {
                    state = .blockMappingKey
                    emptyScalar(at: cursor.token.start_mark)
                }
            case .flowSequenceFirstEntry, .flowSequenceEntry:
                guard nextFlowEntry(&cursor, first: state == .flowSequenceFirstEntry, end: YAML_FLOW_SEQUENCE_END_TOKEN)
                else { return nil }
                // A `key: value` entry is a map of one pair, left to the parser.
                if cursor.token.type == YAML_KEY_TOKEN { return nil }
                if cursor.token.type != YAML_FLOW_SEQUENCE_END_TOKEN {
                    states.append(.flowSequenceEntry)
                    guard node(&cursor, state: &state, states: states, block: false, indentless: false) else { return nil }
                    continue
                }
                guard endCollection(&cursor, state: &state, states: states) else { return nil }
            case .flowMappingFirstKey, .flowMappingKey:
                guard nextFlowEntry(&cursor, first: state == .flowMappingFirstKey, end: YAML_FLOW_MAPPING_END_TOKEN)
                else { return nil }
                if cursor.token.type == YAML_KEY_TOKEN {
                    cursor.skip()
                    guard cursor.peek() else { return nil }
                    let type = cursor.token.type
                    if type != YAML_VALUE_TOKEN && type != YAML_FLOW_ENTRY_TOKEN && type != YAML_FLOW_MAPPING_END_TOKEN {
                        states.append(.flowMappingValue)
                        guard node(&cursor, state: &state, states: states, block: false, indentless: false) else { return nil }
                    } else {
                        state = .flowMappingValue
                        emptyScalar(at: cursor.token.start_mark)
                    }
                    continue
                }
                if cursor.token.type != YAML_FLOW_MAPPING_END_TOKEN {
                    states.append(.flowMappingEmptyValue)
                    guard node(&cursor, state: &state, states: states, block: false, indentless: false) else { return nil }
                    continue
                }
                guard endCollection(&cursor, state: &state, states: states) else { return nil }
            case .flowMappingValue, .flowMappingEmptyValue:
                guard cursor.peek() else { return nil }
                if state == .flowMappingEmptyValue {
                    state = .flowMappingKey
                    emptyScalar(at: cursor.token.start_mark)
                    continue
                }
                if cursor.token.type == YAML_VALUE_TOKEN {
                    cursor.skip()
                    guard cursor.peek() else { return nil }
                    if cursor.token.type != YAML_FLOW_ENTRY_TOKEN && cursor.token.type != YAML_FLOW_MAPPING_END_TOKEN {
                        states.append(.flowMappingKey)
                        guard node(&cursor, state: &state, states: states, block: false, indentless: false) else { return nil }
                        continue
                    }
                }
                state = .flowMappingKey
                emptyScalar(at: cursor.token.start_mark)
            }
        }
    }
}
