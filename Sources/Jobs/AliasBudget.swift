import CYaml
import GazetteCore

/// A bound on what a job file's aliases expand to, checked on libyaml's event stream before the
/// file is composed into nodes.
///
/// Composing is cheap (an alias shares its anchor's node), but everything after it walks the tree
/// as if each alias were written out: ten nested lists of ten aliases ("billion laughs") are 10^10
/// nodes to visit. Counting here costs one pass over the events written, whatever the nesting: each
/// anchor remembers the size of its node, and an alias adds that size.
package enum AliasBudget {
    /// The most nodes a job file may stand for once every alias is written out: far more than a
    /// job of 10,000 reports written in full has (some 70,000 for one line a report).
    package static let maximumNodes = 1_000_000

    /// Where the budget was passed: the alias (1-based line and Unicode-scalar column, as Yams
    /// counts them) and how many nodes the file had come to by then (at most the limit plus one).
    package struct Overrun: Equatable {
        package let line: Int
        package let scalarColumn: Int
        package let nodes: Int
    }

    /// The first alias at which the expanded size passes `limit`, or nil. A file libyaml cannot
    /// parse gives nil: composing it names the syntax error.
    package static func firstOverrun(in text: String, limit: Int = maximumNodes) -> Overrun? {
        // An alias is written `*name`: a text without a `*` has none to expand, and is not parsed
        // twice (a job of many reports would pay for a second parse).
        guard text.utf8.contains(UInt8(ascii: "*")) else { return nil }
        var bytes = Array(text.utf8)
        if bytes.isEmpty { return nil }
        return bytes.withUnsafeMutableBufferPointer { buffer in
            var parser = yaml_parser_t()
            guard yaml_parser_initialize(&parser) == 1 else { return nil }
            defer { yaml_parser_delete(&parser) }
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var counter = Counter(limit: limit)
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else { return nil }
                defer { yaml_event_delete(&event) }
                if event.type == YAML_STREAM_END_EVENT { return nil }
                if let overrun = counter.take(event) { return overrun }
            }
        }
    }

    /// The running count: an open collection's size so far, and each anchor's size once closed.
    private struct Counter {
        let limit: Int
        var total = 0
        var open: [(anchor: String?, size: Int)] = []
        var anchors: [String: Int] = [:]

        mutating func take(_ event: yaml_event_t) -> Overrun? {
            switch event.type {
            case YAML_SCALAR_EVENT:
                return add(1, anchor: Self.name(event.data.scalar.anchor), at: event)
            case YAML_SEQUENCE_START_EVENT:
                open.append((Self.name(event.data.sequence_start.anchor), 1))
            case YAML_MAPPING_START_EVENT:
                open.append((Self.name(event.data.mapping_start.anchor), 1))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard let closed = open.popLast() else { return nil }
                return add(closed.size, anchor: closed.anchor, at: event, counted: true)
            case YAML_ALIAS_EVENT:
                let size = Self.name(event.data.alias.anchor).flatMap { anchors[$0] } ?? 1
                return add(size, anchor: nil, at: event, alias: true)
            default:
                break
            }
            return nil
        }

        /// Adds a finished node of `size` to its parent (and the total, unless its own nodes were
        /// counted as they came), remembering it under its anchor. Only an alias can pass the
        /// limit: a file that big written out is bounded by its own size.
        private mutating func add(
            _ size: Int, anchor: String?, at event: yaml_event_t, counted: Bool = false, alias: Bool = false
        ) -> Overrun? {
            if let anchor { anchors[anchor] = size }
            if !open.isEmpty { open[open.count - 1].size = min(open[open.count - 1].size + size, limit + 1) }
            total = min(total + (counted ? 1 : size), limit + 1)
            guard alias, total > limit else { return nil }
            return Overrun(
                line: Int(event.start_mark.line) + 1, scalarColumn: Int(event.start_mark.column) + 1, nodes: total)
        }

        private static func name(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
            pointer.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
        }
    }
}
