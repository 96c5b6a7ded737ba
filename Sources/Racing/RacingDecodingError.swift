import Foundation
import JSONSupport

/// A decoding failure in a race card or next-to-go feed, pinned to the JSON key path
/// where it happened (`[0].rides[3].horse.name`, `data.race_summaries.<id>.race_number`).
public typealias RacingDecodingError = JSONInputError

extension RacingDecodingError {
    /// Decodes `type` from JSON bytes, in the words every JSON input uses for its faults.
    static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(RacingDecodingError) -> T {
        try JSONDocumentDecoding.decode(type, from: data)
    }
}
