public enum HiglintVersion {
    public static let current = "0.1.0"
}
