package site.ycsb.db;

import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Paths;

import org.junit.jupiter.api.Test;

import site.ycsb.options.ReadmeTable;

/**
 * The README's property table is the one the declarations render ({@link CassandraConfig#NAMES}). After changing an option,
 * regenerate it: {@code mvn -o -q -pl cassandra2 -am test -Dtest=CassandraReadmeTest -Dsurefire.failIfNoSpecifiedTests=false
 * -Doptions.readme.write=true}.
 */
class CassandraReadmeTest {
  @Test
  void should_list_every_declared_option_as_declared_when_the_readme_table_is_read() throws Exception {
    assertNull(ReadmeTable.check(Paths.get(System.getProperty("basedir", "."), "README.md"),
        CassandraConfig.NAMES.options().markdownTable(), Boolean.getBoolean("options.readme.write")));
  }
}
