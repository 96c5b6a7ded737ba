/// Gazette's version: `gazette --version` prints it. The one place it is written.
public enum GazetteVersion {
    public static let current = "0.5.0"
}
