package io.raidpulse.services.influx;

import io.raidpulse.config.UserException;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

/**
 * InfluxDB in a container, for machines with a Docker engine and Testcontainers on the class
 * path (tests). Referenced only after {@link #available()} said yes, so the launcher runs
 * without Testcontainers.
 */
final class DockerInfluxd {
    /** The image docker-compose.yml uses too. */
    static final String IMAGE = "influxdb:1.8";

    private DockerInfluxd() {
    }

    static boolean available() {
        try {
            Class.forName("org.testcontainers.DockerClientFactory", false, DockerInfluxd.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            return false;
        }
        return DockerClientFactory.instance().isDockerAvailable();
    }

    @SuppressWarnings("resource")
    static InfluxServer start() {
        GenericContainer<?> container = new GenericContainer<>(DockerImageName.parse(IMAGE))
                .withExposedPorts(8086)
                .waitingFor(Wait.forHttp("/ping").forStatusCode(204));
        try {
            container.start();
        } catch (RuntimeException e) {
            throw new UserException("cannot start the " + IMAGE + " container: " + e.getMessage(), e);
        }
        String url = "http://" + container.getHost() + ":" + container.getMappedPort(8086);
        return InfluxServer.of(url, new InfluxServer.Backend() {
            @Override
            public void stop() {
                container.getDockerClient().stopContainerCmd(container.getContainerId()).exec();
            }

            @Override
            public void start() {
                container.getDockerClient().startContainerCmd(container.getContainerId()).exec();
                InfluxServer.awaitPing(url, null, null);
            }

            @Override
            public boolean managed() {
                return true;
            }
        });
    }
}
