/// How a transformer is written in the rules, for the mapping table's transformer column.
protocol DescribedTransformer {
    /// The rule's spelling, such as `.millisecondsSince1970` or `.dateFormat("yyyy-MM-dd")`.
    var ruleText: String { get }
}

enum TransformerText {
    /// The spelling of `transformer`: a built-in's as the rules write it, any other
    /// transformer's type name.
    static func of(_ transformer: any PropertyTransformer) -> String {
        if let described = transformer as? any DescribedTransformer { return described.ruleText }
        return SwiftTypeName.of(type(of: transformer))
    }
}

extension DateTransformer: DescribedTransformer {
    var ruleText: String {
        switch format {
        case .iso8601(let fractionalSeconds): return fractionalSeconds ? ".iso8601WithFractionalSeconds" : ".iso8601"
        case .secondsSince1970: return ".secondsSince1970"
        case .millisecondsSince1970: return ".millisecondsSince1970"
        case .pattern(let fixed): return ".dateFormat(\"\(fixed.pattern)\")"
        }
    }
}

extension StrictURLTransformer: DescribedTransformer {
    var ruleText: String { ".url" }
}

extension UUIDTransformer: DescribedTransformer {
    var ruleText: String { ".uuid" }
}

extension DecimalTransformer: DescribedTransformer {
    var ruleText: String { ".decimal" }
}

extension Base64Transformer: DescribedTransformer {
    var ruleText: String { ".base64" }
}

extension ValueTableTransformer: DescribedTransformer {
    var ruleText: String { ".valueTable" }
}

extension CustomTransformer: DescribedTransformer {
    var ruleText: String { ".custom" }
}

extension ElementwiseTransformer: DescribedTransformer {
    var ruleText: String { ".elementwise(\(TransformerText.of(element)))" }
}
