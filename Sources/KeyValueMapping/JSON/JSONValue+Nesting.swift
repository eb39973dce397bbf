extension JSONValue {
    /// Throws `depthLimitExceeded(limit:)` at the path of the first array or object that would be
    /// nested more than `levels` deep inside this value (a scalar is 0 levels, `[]` one): what an
    /// encoder checks before it writes a value it did not build level by level, so it never
    /// writes what its decoder would refuse. Iterative: the value may nest deeper than any stack
    /// allows.
    func checkNesting(allowing levels: Int, limit: Int) throws {
        // Depth-first, children pushed in reverse so the error names the first offending
        // container in document order. Each container records its step and its parent, and the
        // path is spelled only for the error: copying it per container would be quadratic.
        var steps: [(component: MappingError.PathComponent, parent: Int)] = []
        var pending: [(value: JSONValue, depth: Int, step: Int)] = [(self, 0, -1)]
        while let (value, depth, step) = pending.popLast() {
            switch value {
            case .array(let elements):
                guard depth < levels else { throw MappingError(.depthLimitExceeded(limit: limit), path: Self.path(to: step, steps)) }
                for index in elements.indices.reversed() where elements[index].isContainer {
                    steps.append((.index(index), step))
                    pending.append((elements[index], depth + 1, steps.count - 1))
                }
            case .object(let object):
                guard depth < levels else { throw MappingError(.depthLimitExceeded(limit: limit), path: Self.path(to: step, steps)) }
                for member in object.reversed() where member.value.isContainer {
                    steps.append((.key(member.key), step))
                    pending.append((member.value, depth + 1, steps.count - 1))
                }
            case .null, .bool, .number, .string:
                continue
            }
        }
    }

    private static func path(to step: Int, _ steps: [(component: MappingError.PathComponent, parent: Int)]) -> [MappingError.PathComponent] {
        var path: [MappingError.PathComponent] = []
        var step = step
        while step >= 0 {
            path.append(steps[step].component)
            step = steps[step].parent
        }
        return path.reversed()
    }

    private var isContainer: Bool {
        switch self {
        case .array, .object: true
        case .null, .bool, .number, .string: false
        }
    }
}
