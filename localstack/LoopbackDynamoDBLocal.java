import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

/**
 * Runs DynamoDB Local 3.x bound to one address (127.0.0.1 unless -Dddb.host says otherwise).
 *
 * <p>DynamoDB Local has no bind-address option: its Jetty server is created with a bare port and so
 * listens on every interface. An emulator without authentication must not be reachable from the
 * network, so this launcher builds the server exactly as the stock main class does, then sets the
 * host on its connectors before starting it. All command-line flags are passed through unchanged.
 */
public final class LoopbackDynamoDBLocal {
    private LoopbackDynamoDBLocal() {}

    public static void main(String[] args) throws Exception {
        String host = System.getProperty("ddb.host", "127.0.0.1");
        DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
        if (proxy == null) {
            // ServerRunner returns null after printing help or a usage error.
            System.exit(2);
        }

        // The Jetty server is private; reflection is the only way in. Fail loudly rather than
        // silently listening on all interfaces if a future release renames the field.
        Field field = DynamoDBProxyServer.class.getDeclaredField("server");
        field.setAccessible(true);
        Server jetty = (Server) field.get(proxy);
        int bound = 0;
        for (Connector c : jetty.getConnectors()) {
            if (c instanceof ServerConnector sc) {
                sc.setHost(host);
                bound++;
            }
        }
        if (bound == 0) {
            System.err.println("LoopbackDynamoDBLocal: no Jetty ServerConnector found; refusing to start");
            System.exit(1);
        }

        // Stop Jetty and close SQLite cleanly on SIGTERM so a -dbPath database is left consistent.
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                proxy.stop();
            } catch (Exception e) {
                // The JVM is exiting anyway; there is nobody left to report to.
            }
        }));

        proxy.start();
        for (Connector c : jetty.getConnectors()) {
            if (c instanceof ServerConnector sc) {
                System.out.println("DynamoDB Local listening on " + sc.getHost() + ":" + sc.getLocalPort());
            }
        }
        proxy.join();
    }
}
