// The round trip of every example through the Swift `maplang gen swift`
// writes for it, as an app would use those types: `rules.decode` of the
// example's input, then `rules.encode` of the values, and
//   - mapping what `encode` wrote gives the example's expected output, and
//   - `encode` wrote what reverse mapping (`run --reverse`) gives for the
//     expected output.
// scripts/check-consumer.sh builds it beside the generated modules, with a
// `main.swift` that calls `check` for each example.
import Foundation
import MapLang

/// JSON text as plain JSON values, each object's members in key order, so
/// that two texts compare by their data: a Swift dictionary keeps no order.
/// Without nulls, an object's null member and a missing one are the same.
func plain(_ bytes: some Sequence<UInt8>, droppingNulls: Bool = false) throws -> MappedValue {
    func sorted(_ value: MappedValue) -> MappedValue {
        switch value {
        case .object(let object):
            .object(
                MappedObject(
                    object.members.filter { !droppingNulls || !$0.value.isNull }.map { MappedMember(key: $0.key, value: sorted($0.value)) }
                        .sorted { $0.key < $1.key }))
        case .array(let elements): .array(elements.map(sorted))
        default: value
        }
    }
    return sorted(try JSONDecoder().decode(MappedValue.self, from: Data(bytes)))
}

/// Round-trips one example of the folder `examples` through its generated
/// types; whether it did. What went wrong is printed.
func check<T: Codable>(_ name: String, as type: T.Type, in examples: URL) -> Bool {
    do {
        let folder = examples.appendingPathComponent(name)
        let rules = try Rules(contentsOf: folder.appendingPathComponent(name + ".map"))
        let input = try Data(contentsOf: folder.appendingPathComponent("input.json"))
        let expected = try plain(Data(contentsOf: folder.appendingPathComponent("expected.json")))

        let values = try rules.decode(T.self, from: input)
        // The values hold what the output holds, written as Foundation writes them.
        let foundation = JSONEncoder()
        foundation.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(Timestamp(date)?.iso8601String ?? "")
        }
        guard try plain(foundation.encode(values), droppingNulls: true) == plain(expected.jsonBytes(), droppingNulls: true) else {
            print("\(name): the decoded values do not hold expected.json")
            return false
        }
        guard rules.reversalProblems.isEmpty else {
            print("\(name): ok (decoded; the rules cannot map back)")
            return true
        }
        let encoded = try rules.encode(values)
        guard try plain(rules.map(encoded).jsonBytes()) == expected else {
            print("\(name): mapping what encode wrote does not give expected.json")
            print(String(decoding: try rules.map(encoded).jsonBytes(pretty: true), as: UTF8.self))
            return false
        }
        guard try plain(encoded) == plain(rules.reverse(expected).jsonBytes()) else {
            print("\(name): encode does not write what --reverse writes for expected.json")
            return false
        }
        print("\(name): ok")
        return true
    } catch {
        print("\(name): \(error)")
        return false
    }
}
