package site.ycsb.db.cql;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.security.GeneralSecurityException;
import java.security.KeyStore;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

import site.ycsb.DBException;
import site.ycsb.support.RateLimitedLog;

/**
 * Builds the SSL context for the driver from the binding's trust/key store properties. Without stores, the JVM's
 * default context applies (configurable with the usual {@code -Djavax.net.ssl.*} system properties).
 *
 * <p>Stateless and thread-safe.
 */
public final class SslContexts {
  private SslContexts() {
  }

  /** The context to use, or the JVM default when no store is configured. */
  public static SSLContext create(CqlSettings settings) throws DBException {
    try {
      if (settings.trustStore() == null && settings.keyStore() == null) {
        return SSLContext.getDefault();
      }
      String type = settings.storeType() == null ? KeyStore.getDefaultType() : settings.storeType();
      TrustManagerFactory tmf = null;
      if (settings.trustStore() != null) {
        KeyStore trust = load(settings.trustStore(), settings.trustStorePassword(), type, "trust store");
        tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trust);
      }
      KeyManagerFactory kmf = null;
      if (settings.keyStore() != null) {
        KeyStore keys = load(settings.keyStore(), settings.keyStorePassword(), type, "key store");
        kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        char[] secret = settings.keyStorePassword() == null ? new char[0] : settings.keyStorePassword().toCharArray();
        kmf.init(keys, secret);
      }
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(kmf == null ? null : kmf.getKeyManagers(), tmf == null ? null : tmf.getTrustManagers(), null);
      return context;
    } catch (GeneralSecurityException e) {
      throw new DBException("Cannot set up SSL: " + RateLimitedLog.describe(e));
    }
  }

  private static KeyStore load(String path, String password, String type, String what) throws DBException {
    try (InputStream in = new FileInputStream(path)) {
      KeyStore store = KeyStore.getInstance(type);
      store.load(in, password == null ? null : password.toCharArray());
      return store;
    } catch (IOException | GeneralSecurityException e) {
      throw new DBException("Cannot read the SSL " + what + " '" + path + "' as " + type
          + " (wrong password or type?): " + RateLimitedLog.describe(e));
    }
  }
}
