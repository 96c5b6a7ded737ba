import Foundation
import JSONSupport

/// `runners[i]` of a TAB race: the runner, its fixed odds (`fixedOdds`) and its tote
/// (`parimutuel`) odds.
struct TabRunner: Decodable {
    let cloth: Int
    let name: String
    let barrier: Int?
    let jockey: String?
    let trainer: String?
    let form: String?
    let win: Double?
    let place: Double?
    let opening: Double?
    let flucs: [Double]
    var bettingStatus: String
    let deductions: Deductions

    private enum Keys: String, CodingKey {
        case runnerNumber, runnerName, barrierNumber, riderDriverName, trainerName, last5Starts, fixedOdds
    }

    private enum OddsKeys: String, CodingKey {
        case returnWin, returnPlace, returnWinOpen, bettingStatus, winDeduction, placeDeduction, flucs
    }

    private enum FlucKeys: String, CodingKey { case returnWin }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        cloth = try container.decodeInteger(Int.self, forKey: .runnerNumber)
        name = try container.decode(String.self, forKey: .runnerName)
        barrier = try container.decodeIntegerIfPresent(Int.self, forKey: .barrierNumber)
        jockey = try container.decodeTextIfPresent(forKey: .riderDriverName)
        trainer = try container.decodeTextIfPresent(forKey: .trainerName)
        form = try container.decodeTextIfPresent(forKey: .last5Starts)
        let odds =
            container.contains(.fixedOdds) && (try? container.decodeNil(forKey: .fixedOdds)) == false
            ? try container.nestedContainer(keyedBy: OddsKeys.self, forKey: .fixedOdds) : nil
        win = try odds?.decodeNumberIfPresent(forKey: .returnWin)
        place = try odds?.decodeNumberIfPresent(forKey: .returnPlace)
        opening = try odds?.decodeNumberIfPresent(forKey: .returnWinOpen)
        flucs = try odds.map(Self.flucs) ?? []
        bettingStatus = try odds?.decodeTextIfPresent(forKey: .bettingStatus) ?? ""
        // TAB writes 0 for a runner that takes nothing off the others' returns.
        deductions = Deductions(
            win: try odds?.decodeNumberIfPresent(forKey: .winDeduction).flatMap { $0 > 0 ? $0 : nil },
            place: try odds?.decodeNumberIfPresent(forKey: .placeDeduction).flatMap { $0 > 0 ? $0 : nil })
    }

    /// `flucs`: numbers or `{returnWin}` objects, oldest first; an entry that is no price is skipped.
    private static func flucs(_ odds: KeyedDecodingContainer<OddsKeys>) throws -> [Double] {
        guard odds.contains(.flucs), try !odds.decodeNil(forKey: .flucs) else { return [] }
        var list = try odds.nestedUnkeyedContainer(forKey: .flucs)
        var prices: [Double] = []
        while !list.isAtEnd {
            if let entry = try? list.nestedContainer(keyedBy: FlucKeys.self) {
                if let price = try? entry.decodeNumberIfPresent(forKey: .returnWin) { prices.append(price) }
                continue
            }
            switch try list.decode(JSONValueKind.self) {
            case .number(let price): prices.append(price)
            case .integer(let price): prices.append(Double(price))
            default: break
            }
        }
        return prices
    }

    /// This runner as listed in `scratchings`: scratched whatever its odds say.
    var scratched: TabRunner {
        var copy = self
        if !copy.isScratched { copy.bettingStatus = "Scratched" }
        return copy
    }

    /// `Scratched` or `LateScratched`, in any case.
    var isScratched: Bool { bettingStatus.lowercased().filter(\.isLetter).hasSuffix("scratched") }

    var isLateScratched: Bool {
        isScratched && (bettingStatus.lowercased().hasPrefix("late") || !deductions.isEmpty)
    }

    var ride: Ride {
        // The price before now: the flucs given, else the opening price.
        let history = flucs.isEmpty ? opening.map { [$0] } ?? [] : flucs
        return Ride(
            cloth: cloth, horse: Horse(name: name), form: Form(text: form ?? ""),
            odds: Odds(parsing: NedsRaceCard.decimalText(win) ?? ""), withdrawn: isScratched, barrier: barrier,
            jockey: jockey, trainer: trainer,
            flucs: history.compactMap { NedsRaceCard.decimalText($0).map(Odds.init(parsing:)) },
            lateScratching: isLateScratched, deductions: isScratched && !deductions.isEmpty ? deductions : nil)
    }

    /// What fixed odds paid this runner once the race is settled: the win price for a
    /// `Winner`, the place price for a `Winner` or a `Placing`.
    var fixedDividends: [Dividend] {
        let status = bettingStatus.lowercased()
        var paid: [Dividend] = []
        if status == "winner", let win, win > 1 {
            paid.append(Dividend(product: "Win", pool: "Fixed", amount: win, runners: [cloth]))
        }
        if status == "winner" || status == "placing", let place, place > 1 {
            paid.append(Dividend(product: "Place", pool: "Fixed", amount: place, runners: [cloth]))
        }
        return paid
    }
}
