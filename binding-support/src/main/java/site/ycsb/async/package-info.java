/**
 * The asynchronous binding API: {@link site.ycsb.async.AsyncDB}. It lives in the binding-support jar, which each
 * binding ships in its own lib, so that a binding implementing it still loads in a YCSB 0.17.0 install.
 */
package site.ycsb.async;
