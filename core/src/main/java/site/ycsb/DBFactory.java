package site.ycsb;

import java.util.Properties;

/**
 * Creates database bindings by class name.
 *
 * <p>Stateless and thread-safe: every client thread creates its binding through it at once.
 */
public final class DBFactory {
  private DBFactory() {
  }

  /**
   * Instantiates {@code dbname} (a {@link DB} subclass with a public no-argument constructor), gives it the
   * properties, and wraps it in a {@link DBWrapper} that measures every call.
   *
   * @throws UnknownDBException with a one-line reason when the class is missing or unusable
   */
  public static DB newDB(String dbname, Properties properties) throws UnknownDBException {
    DB db = instantiate(dbname);
    db.setProperties(properties);
    return new DBWrapper(db);
  }

  /**
   * Loads and instantiates the class without wrapping it. Public for the engine's package (the asynchronous path
   * wraps the binding itself); not part of YCSB 0.17.0's API.
   */
  public static DB instantiate(String dbname) throws UnknownDBException {
    Class<?> dbclass;
    try {
      dbclass = Class.forName(dbname, true, Thread.currentThread().getContextClassLoader() != null
          ? Thread.currentThread().getContextClassLoader() : DBFactory.class.getClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      throw new UnknownDBException("database class " + dbname + " was not found on the classpath"
          + " (check -db, or that the binding's jars are on the classpath)");
    }
    if (!DB.class.isAssignableFrom(dbclass)) {
      throw new UnknownDBException("database class " + dbname + " is not a site.ycsb.DB");
    }
    try {
      return (DB) dbclass.getConstructor().newInstance();
    } catch (ReflectiveOperationException | LinkageError e) {
      Throwable cause = e instanceof java.lang.reflect.InvocationTargetException ? e.getCause() : e;
      throw new UnknownDBException("database class " + dbname + " could not be instantiated: " + cause);
    }
  }
}
