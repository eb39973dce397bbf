import Foundation
import Testing
import KeyValueMapping

/// A class model for the round trip of reference types.
final class PatchLedger: Mappable, Equatable {
    var id = 0
    var entries: [Int] = []
    var owner: PatchFriend?
    var limits: [String: Double] = [:]
    required init() {}

    static func == (lhs: PatchLedger, rhs: PatchLedger) -> Bool {
        lhs.id == rhs.id && lhs.entries == rhs.entries && lhs.owner == rhs.owner && lhs.limits == rhs.limits
    }
}

/// `old.applyingMergePatch(new.mergePatch(from: old)) == new` over generated models, and the
/// patch holds exactly the members that changed.
@Suite struct MergePatchPropertyTests {
    @Test(arguments: 0..<4)
    func theDifferenceRoundTripsOverGeneratedModels(_ batch: Int) throws {
        var random = SeededGenerator(seed: 0x5EED_0000 + UInt64(batch))
        for iteration in 0..<150 {
            let old = Self.person(&random)
            // Often a small change of old, sometimes a wholly different model.
            let new = Bool.random(using: &random) ? Self.person(&random) : Self.mutate(old, &random)
            let patch = try new.mergePatch(from: old)
            let patched = try old.applyingMergePatch(patch)
            #expect(patched == new, "batch \(batch), iteration \(iteration): patch \(patch.jsonString(options: .sortedKeys))")
            try Self.expectMinimal(patch, old: old, new: new, context: "batch \(batch), iteration \(iteration)")
            // Through bytes, as a PATCH endpoint would receive it.
            #expect(try old.applyingMergePatch(patch.jsonData()) == new)
        }
    }

    @Test func classModelsRoundTripOnACopyAndInPlace() throws {
        var random = SeededGenerator(seed: 0xC1A55)
        for _ in 0..<200 {
            let old = Self.ledger(&random)
            let new = Self.ledger(&random)
            let patch = try new.mergePatch(from: old)
            #expect(try old.applyingMergePatch(patch) == new)
            var inPlace = old
            try inPlace.applyMergePatch(patch)
            #expect(inPlace === old && old == new)
        }
    }

    /// A top-level member is in the patch exactly when its value changed (a set whose elements
    /// are written in another order may appear although equal: arrays compare in order).
    private static func expectMinimal(_ patch: JSONValue, old: PatchPerson, new: PatchPerson, context: String) throws {
        guard case .object(let members) = patch else {
            Issue.record("\(context): the patch is not an object")
            return
        }
        let changed: [(String, Bool)] = [
            ("id", old.id != new.id), ("name", old.name != new.name), ("nickname", old.nickname != new.nickname),
            ("email", old.email != new.email), ("score", old.score != new.score), ("active", old.active != new.active),
            ("role", old.role != new.role), ("tags", old.tags != new.tags), ("address", old.address != new.address),
            ("home", old.home != new.home), ("counts", old.counts != new.counts), ("friends", old.friends != new.friends),
            ("meta", old.rank != new.rank || old.motto != new.motto), ("birthday", old.birthday != new.birthday),
        ]
        for (key, isChanged) in changed {
            #expect((members[key] != nil) == isChanged, "\(context): \(key) \(isChanged ? "changed but is not" : "did not change but is") in \(patch.jsonString())")
        }
        if old.labels == new.labels, members["labels"] != nil {
            #expect(Set(old.labels) == Set(new.labels))
        }
    }

    private static func person(_ random: inout SeededGenerator) -> PatchPerson {
        var person = PatchPerson()
        person.id = Int.random(in: -3...3, using: &random)
        person.name = text(&random)
        person.nickname = maybe(&random) { text(&$0) }
        person.email = maybe(&random) { text(&$0) }
        person.score = [0, 1.5, -2.25, 1e300, .leastNonzeroMagnitude, 0.1].randomElement(using: &random) ?? 0
        person.active = Bool.random(using: &random)
        person.role = Bool.random(using: &random) ? .admin : .member
        person.tags = (0..<Int.random(in: 0...3, using: &random)).map { _ in text(&random) }
        person.labels = Set((0..<Int.random(in: 0...3, using: &random)).map { _ in text(&random) })
        person.address = address(&random)
        person.home = maybe(&random) { address(&$0) }
        person.counts = Dictionary((0..<Int.random(in: 0...3, using: &random)).map { _ in (text(&random), Int.random(in: -2...2, using: &random)) },
                                   uniquingKeysWith: { first, _ in first })
        person.friends = Dictionary((0..<Int.random(in: 0...2, using: &random)).map { _ in
            (text(&random), PatchFriend(name: text(&random), since: maybe(&random) { Int.random(in: 1800...1900, using: &$0) }))
        }, uniquingKeysWith: { first, _ in first })
        person.rank = Int.random(in: 0...2, using: &random)
        person.motto = maybe(&random) { text(&$0) }
        // Whole milliseconds: the ISO 8601 form keeps three fractional digits.
        person.birthday = Date(timeIntervalSince1970: Double(Int.random(in: -1_000_000...1_000_000, using: &random)) / 1000)
        return person
    }

    /// `old` with one to three properties regenerated.
    private static func mutate(_ old: PatchPerson, _ random: inout SeededGenerator) -> PatchPerson {
        var new = old
        let fresh = person(&random)
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            switch Int.random(in: 0..<12, using: &random) {
            case 0: new.name = fresh.name
            case 1: new.nickname = fresh.nickname
            case 2: new.email = fresh.email
            case 3: new.tags = fresh.tags
            case 4: new.address.zip = fresh.address.zip
            case 5: new.home = fresh.home
            case 6: new.counts[text(&random)] = Bool.random(using: &random) ? nil : 9
            case 7: new.friends[text(&random)] = fresh.friends.values.first
            case 8: new.motto = fresh.motto
            case 9: new.rank = fresh.rank
            case 10: new.home?.city = fresh.address.city
            default: new.birthday = fresh.birthday
            }
        }
        return new
    }

    private static func ledger(_ random: inout SeededGenerator) -> PatchLedger {
        let ledger = PatchLedger()
        ledger.id = Int.random(in: 0...2, using: &random)
        ledger.entries = (0..<Int.random(in: 0...3, using: &random)).map { _ in Int.random(in: -5...5, using: &random) }
        ledger.owner = maybe(&random) { PatchFriend(name: text(&$0), since: maybe(&$0) { _ in 1850 }) }
        ledger.limits = Dictionary((0..<Int.random(in: 0...2, using: &random)).map { _ in (text(&random), Double(Int.random(in: 0...9, using: &random)) / 4) },
                                   uniquingKeysWith: { first, _ in first })
        return ledger
    }

    private static func address(_ random: inout SeededGenerator) -> Address {
        Address(city: text(&random), zip: maybe(&random) { text(&$0) })
    }

    /// Short texts from a small alphabet (so values often coincide), with JSON specials.
    private static func text(_ random: inout SeededGenerator) -> String {
        let pieces = ["a", "b", "é", "\"", "\\", "\n", "😀", " ", ""]
        return (0..<Int.random(in: 0...3, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
    }

    private static func maybe<T>(_ random: inout SeededGenerator, _ make: (inout SeededGenerator) -> T) -> T? {
        Int.random(in: 0..<3, using: &random) == 0 ? nil : make(&random)
    }
}
