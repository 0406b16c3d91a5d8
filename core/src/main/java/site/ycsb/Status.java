package site.ycsb;

/**
 * The outcome of one database operation. Bindings may create their own statuses; each distinct name shows up as
 * a {@code Return=<name>} count in the results.
 *
 * <p>Instances are immutable and safe to share between threads.
 */
public class Status {
  private final String name;
  private final String description;

  /**
   * @param name short name, shown in the results as {@code Return=<name>}
   * @param description human-readable explanation
   */
  public Status(String name, String description) {
    this.name = name;
    this.description = description;
  }

  public String getName() {
    return name;
  }

  public String getDescription() {
    return description;
  }

  @Override
  public String toString() {
    return "Status [name=" + name + ", description=" + description + "]";
  }

  @Override
  public int hashCode() {
    int result = 31 + (description == null ? 0 : description.hashCode());
    return 31 * result + (name == null ? 0 : name.hashCode());
  }

  @Override
  public boolean equals(Object obj) {
    if (this == obj) {
      return true;
    }
    if (obj == null || getClass() != obj.getClass()) {
      return false;
    }
    Status other = (Status) obj;
    return eq(name, other.name) && eq(description, other.description);
  }

  private static boolean eq(String a, String b) {
    return a == null ? b == null : a.equals(b);
  }

  /**
   * Whether the operation succeeded. True only for the {@link #OK} and {@link #BATCHED_OK} instances (identity,
   * as in YCSB 0.17.0): a binding's own "OK-like" status counts as a failure.
   */
  public boolean isOk() {
    return this == OK || this == BATCHED_OK;
  }

  public static final Status OK = new Status("OK", "The operation completed successfully.");
  public static final Status ERROR = new Status("ERROR", "The operation failed.");
  public static final Status NOT_FOUND = new Status("NOT_FOUND", "The requested record was not found.");
  public static final Status NOT_IMPLEMENTED = new Status("NOT_IMPLEMENTED", "The operation is not " +
      "implemented for the current binding.");
  public static final Status UNEXPECTED_STATE = new Status("UNEXPECTED_STATE", "The operation reported" +
      " success, but the result was not as expected.");
  public static final Status BAD_REQUEST = new Status("BAD_REQUEST", "The request was not valid.");
  public static final Status FORBIDDEN = new Status("FORBIDDEN", "The operation is forbidden.");
  public static final Status SERVICE_UNAVAILABLE = new Status("SERVICE_UNAVAILABLE", "Dependant " +
      "service for the current binding is not available.");
  public static final Status BATCHED_OK = new Status("BATCHED_OK", "The operation has been batched by " +
      "the binding to be executed later.");
}
