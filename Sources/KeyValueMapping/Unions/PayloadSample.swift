import Foundation

/// Stand-in payloads, made without running user code where the library can: a payload case's
/// constructor is called once with one when an enum's metadata is built, so the encoder knows
/// which Swift case each tag's constructor builds before it meets a value of it. A payload type
/// without a stand-in (an ``ImmutableMappable`` model, a type of the app's own) is learned from
/// the first value encoded.
enum PayloadSample {
    static func of<Payload>(_ type: Payload.Type) -> Payload? {
        if let sampling = Payload.self as? any PayloadSampling.Type {
            return sampling.payloadSample as? Payload
        }
        // `init()` is the prototype every decode of the model starts from, so it is meant to be called.
        if let mappable = Payload.self as? any Mappable.Type {
            return mappable.init() as? Payload
        }
        return nil
    }
}

/// A type with a value that stands in for any other when only its case matters.
protocol PayloadSampling {
    static var payloadSample: Self { get }
}

extension Optional: PayloadSampling { static var payloadSample: Self { nil } }
extension Array: PayloadSampling { static var payloadSample: Self { [] } }
extension Set: PayloadSampling { static var payloadSample: Self { [] } }
extension Dictionary: PayloadSampling { static var payloadSample: Self { [:] } }
extension String: PayloadSampling { static var payloadSample: Self { "" } }
extension Bool: PayloadSampling { static var payloadSample: Self { false } }
extension Int: PayloadSampling { static var payloadSample: Self { 0 } }
extension Int8: PayloadSampling { static var payloadSample: Self { 0 } }
extension Int16: PayloadSampling { static var payloadSample: Self { 0 } }
extension Int32: PayloadSampling { static var payloadSample: Self { 0 } }
extension Int64: PayloadSampling { static var payloadSample: Self { 0 } }
extension UInt: PayloadSampling { static var payloadSample: Self { 0 } }
extension UInt8: PayloadSampling { static var payloadSample: Self { 0 } }
extension UInt16: PayloadSampling { static var payloadSample: Self { 0 } }
extension UInt32: PayloadSampling { static var payloadSample: Self { 0 } }
extension UInt64: PayloadSampling { static var payloadSample: Self { 0 } }
extension Double: PayloadSampling { static var payloadSample: Self { 0 } }
extension Float: PayloadSampling { static var payloadSample: Self { 0 } }
extension Decimal: PayloadSampling { static var payloadSample: Self { 0 } }
extension Date: PayloadSampling { static var payloadSample: Self { Date(timeIntervalSince1970: 0) } }
extension UUID: PayloadSampling { static var payloadSample: Self { UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) } }
extension Data: PayloadSampling { static var payloadSample: Self { Data() } }
extension JSONValue: PayloadSampling { static var payloadSample: Self { .null } }
