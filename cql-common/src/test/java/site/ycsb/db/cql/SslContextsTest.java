package site.ycsb.db.cql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

import javax.net.ssl.SSLContext;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import site.ycsb.DBException;

/** SSL contexts from real key/trust stores made with the JDK's keytool. */
class SslContextsTest {
  private static final String SECRET = "store-secret-1";

  @TempDir
  static Path dir;
  private static Path keyStore;

  @BeforeAll
  static void createStore() throws Exception {
    keyStore = dir.resolve("client.p12");
    String keytool = Paths.get(System.getProperty("java.home"), "bin", "keytool").toString();
    Process p = new ProcessBuilder(keytool, "-genkeypair", "-alias", "client", "-keyalg", "RSA", "-keysize", "2048",
        "-dname", "CN=ycsb-test", "-validity", "2", "-storetype", "PKCS12", "-keystore", keyStore.toString(),
        "-storepass", SECRET, "-keypass", SECRET).redirectErrorStream(true).start();
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "keytool timed out");
    assertEquals(0, p.exitValue(), "keytool failed");
  }

  private static CqlSettings settings(String trustPassword, String keyPassword) {
    return CqlSettings.builder("test").hosts(Arrays.asList("h"))
        .ssl(true, keyStore.toString(), trustPassword, keyStore.toString(), keyPassword, "PKCS12").build();
  }

  @Test
  void should_build_a_tls_context_when_the_stores_and_passwords_are_right() throws DBException {
    SSLContext context = SslContexts.create(settings(SECRET, SECRET));
    assertNotNull(context.getSocketFactory());
    assertEquals("TLS", context.getProtocol());
  }

  @Test
  void should_fail_with_one_line_without_the_password_when_the_store_password_is_wrong() {
    DBException e = assertThrows(DBException.class, () -> SslContexts.create(settings("wrong-pw", SECRET)));
    assertTrue(e.getMessage().contains("Cannot read the SSL trust store"), e.getMessage());
    assertFalse(e.getMessage().contains("wrong-pw") || e.getMessage().contains(SECRET), e.getMessage());
    assertFalse(e.getMessage().contains("\n"), e.getMessage());
  }

  @Test
  void should_use_the_jvm_default_context_when_no_store_is_given() throws Exception {
    CqlSettings none = CqlSettings.builder("test").hosts(Arrays.asList("h")).ssl(true, null, null, null, null, null)
        .build();
    assertEquals(SSLContext.getDefault(), SslContexts.create(none));
    assertTrue(new File(keyStore.toString()).isFile() && Files.size(keyStore) > 0);
  }
}
