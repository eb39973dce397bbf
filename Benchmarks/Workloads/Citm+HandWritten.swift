import Foundation

// The floor for the CITM models.

extension HandWritten {
    /// A JSON object keyed by integer text (`"138586341": …`) as `[Int: Value]`.
    static func integerKeyed<Value>(_ value: Any, _ element: (Any) throws -> Value?) throws -> [Int: Value]? {
        guard let entries = value as? [String: Any] else { return nil }
        var result: [Int: Value] = [:]
        result.reserveCapacity(entries.count)
        for (text, entry) in entries {
            guard let key = Int(text) else { throw Failure(path: text, reason: "the key is not an integer") }
            guard let converted = try element(entry) else { throw Failure(path: text, reason: "unexpected \(type(of: entry))") }
            result[key] = converted
        }
        return result
    }

    /// `[Int: Value]` written back with text keys.
    static func textKeyed<Value>(_ dictionary: [Int: Value], _ element: (Value) -> Any) -> [String: Any] {
        var result: [String: Any] = [:]
        result.reserveCapacity(dictionary.count)
        for (key, value) in dictionary { result[String(key)] = element(value) }
        return result
    }
}

extension CitmCatalog {
    init(handWritten dictionary: [String: Any]) throws {
        self.init()
        try dictionary.read("areaNames", into: &areaNames) { try HandWritten.integerKeyed($0, HandWritten.string) }
        try dictionary.read("audienceSubCategoryNames", into: &audienceSubCategoryNames) { try HandWritten.integerKeyed($0, HandWritten.string) }
        try dictionary.read("blockNames", into: &blockNames) { try HandWritten.integerKeyed($0, HandWritten.string) }
        try dictionary.read("events", into: &events) { value in
            try HandWritten.integerKeyed(value) { try CitmEvent(handWritten: HandWritten.object($0)) }
        }
        try dictionary.readArray("performances", into: &performances) { try CitmPerformance(handWritten: HandWritten.object($0)) }
        try dictionary.read("seatCategoryNames", into: &seatCategoryNames) { try HandWritten.integerKeyed($0, HandWritten.string) }
        try dictionary.read("subTopicNames", into: &subTopicNames) { try HandWritten.integerKeyed($0, HandWritten.string) }
        try dictionary.read("subjectNames", into: &subjectNames) { try HandWritten.integerKeyed($0, HandWritten.string) }
        try dictionary.read("topicNames", into: &topicNames) { try HandWritten.integerKeyed($0, HandWritten.string) }
        try dictionary.read("topicSubTopics", into: &topicSubTopics) { try HandWritten.integerKeyed($0, HandWritten.ints) }
        try dictionary.read("venueNames", into: &venueNames) { value in
            guard let entries = value as? [String: Any] else { return nil }
            var result: [String: String] = [:]
            for (key, entry) in entries {
                guard let text = entry as? String else { return nil }
                result[key] = text
            }
            return result
        }
    }

    func handWrittenDictionary() -> [String: Any] {
        [
            "areaNames": HandWritten.textKeyed(areaNames) { $0 },
            "audienceSubCategoryNames": HandWritten.textKeyed(audienceSubCategoryNames) { $0 },
            "blockNames": HandWritten.textKeyed(blockNames) { $0 },
            "events": HandWritten.textKeyed(events) { $0.handWrittenDictionary() },
            "performances": performances.map { $0.handWrittenDictionary() },
            "seatCategoryNames": HandWritten.textKeyed(seatCategoryNames) { $0 },
            "subTopicNames": HandWritten.textKeyed(subTopicNames) { $0 },
            "subjectNames": HandWritten.textKeyed(subjectNames) { $0 },
            "topicNames": HandWritten.textKeyed(topicNames) { $0 },
            "topicSubTopics": HandWritten.textKeyed(topicSubTopics) { $0 },
            "venueNames": venueNames,
        ]
    }
}

extension CitmEvent {
    init(handWritten dictionary: [String: Any]) throws {
        self.init()
        try dictionary.readOptional("description", into: &description, HandWritten.string)
        try dictionary.read("id", into: &id, HandWritten.int)
        try dictionary.readOptional("logo", into: &logo, HandWritten.string)
        try dictionary.read("name", into: &name, HandWritten.string)
        try dictionary.read("subTopicIds", into: &subTopicIds, HandWritten.ints)
        try dictionary.readOptional("subjectCode", into: &subjectCode, HandWritten.string)
        try dictionary.readOptional("subtitle", into: &subtitle, HandWritten.string)
        try dictionary.read("topicIds", into: &topicIds, HandWritten.ints)
    }

    func handWrittenDictionary() -> [String: Any] {
        var result: [String: Any] = ["id": id, "name": name, "subTopicIds": subTopicIds, "topicIds": topicIds]
        if let description { result["description"] = description }
        if let logo { result["logo"] = logo }
        if let subjectCode { result["subjectCode"] = subjectCode }
        if let subtitle { result["subtitle"] = subtitle }
        return result
    }
}

extension CitmPerformance {
    init(handWritten dictionary: [String: Any]) throws {
        self.init()
        try dictionary.read("eventId", into: &eventId, HandWritten.int)
        try dictionary.read("id", into: &id, HandWritten.int)
        try dictionary.readOptional("logo", into: &logo, HandWritten.string)
        try dictionary.readOptional("name", into: &name, HandWritten.string)
        try dictionary.readArray("prices", into: &prices) { try CitmPrice(handWritten: HandWritten.object($0)) }
        try dictionary.readArray("seatCategories", into: &seatCategories) { try CitmSeatCategory(handWritten: HandWritten.object($0)) }
        try dictionary.readOptional("seatMapImage", into: &seatMapImage, HandWritten.string)
        try dictionary.read("start", into: &start, HandWritten.int)
        try dictionary.read("venueCode", into: &venueCode, HandWritten.string)
    }

    func handWrittenDictionary() -> [String: Any] {
        var result: [String: Any] = [
            "eventId": eventId, "id": id, "prices": prices.map { $0.handWrittenDictionary() },
            "seatCategories": seatCategories.map { $0.handWrittenDictionary() }, "start": start, "venueCode": venueCode,
        ]
        if let logo { result["logo"] = logo }
        if let name { result["name"] = name }
        if let seatMapImage { result["seatMapImage"] = seatMapImage }
        return result
    }
}

extension CitmPrice {
    init(handWritten dictionary: [String: Any]) throws {
        self.init()
        try dictionary.read("amount", into: &amount, HandWritten.int)
        try dictionary.read("audienceSubCategoryId", into: &audienceSubCategoryId, HandWritten.int)
        try dictionary.read("seatCategoryId", into: &seatCategoryId, HandWritten.int)
    }

    func handWrittenDictionary() -> [String: Any] {
        ["amount": amount, "audienceSubCategoryId": audienceSubCategoryId, "seatCategoryId": seatCategoryId]
    }
}

extension CitmSeatCategory {
    init(handWritten dictionary: [String: Any]) throws {
        self.init()
        try dictionary.readArray("areas", into: &areas) { try CitmArea(handWritten: HandWritten.object($0)) }
        try dictionary.read("seatCategoryId", into: &seatCategoryId, HandWritten.int)
    }

    func handWrittenDictionary() -> [String: Any] {
        ["areas": areas.map { $0.handWrittenDictionary() }, "seatCategoryId": seatCategoryId]
    }
}

extension CitmArea {
    init(handWritten dictionary: [String: Any]) throws {
        self.init()
        try dictionary.read("areaId", into: &areaId, HandWritten.int)
        try dictionary.read("blockIds", into: &blockIds, HandWritten.ints)
    }

    func handWrittenDictionary() -> [String: Any] {
        ["areaId": areaId, "blockIds": blockIds]
    }
}
