#!/usr/bin/env python3
"""Checks what `docker-compose config` cannot: that docker-compose.yml agrees with the rest of
the repository and keeps the promises DEPLOYMENT.md makes.

Reads the file as Compose resolved it (`docker-compose config` output, on stdin) and checks:
image versions match the tests (Kafka from pom.xml, InfluxDB from DockerInfluxd.java) and our
images match the tags images/pom.xml writes; the collector runs unprivileged on a read-only
root with the host's /proc and /sys read-only; Grafana gets its provisioning and the dashboards
(where the dashboard provider looks for them) read-only, an admin password with no default,
and a datasource that points at the influxdb service; the
service configs point at the kafka and influxdb services; every bind-mounted file exists;
every dependency waits on a condition, every long-running service restarts, and the
third-party services have health checks.

usage: docker-compose -f docker-compose.yml config | check-compose-contract.py REPO_DIR
Prints one line per broken promise and exits 1, or exits 0 silently.
"""
import pathlib
import re
import sys

import yaml

problems = []


def check(ok, message):
    if not ok:
        problems.append(message)
    return ok


def xml_text(path, tag):
    m = re.search(r"<%s>([^<]+)</%s>" % (re.escape(tag), re.escape(tag)), path.read_text())
    if not m:
        sys.exit("check-compose-contract: no <%s> in %s" % (tag, path))
    return m.group(1).strip()


def properties(path):
    out = {}
    for line in path.read_text().splitlines():
        line = line.strip()
        if line and not line.startswith(("#", "!")) and "=" in line:
            k, v = line.split("=", 1)
            out[k.strip()] = v.strip()
    return out


def mounts(service):
    """(source, target, read_only) of each volume, in long or short syntax."""
    out = []
    for v in service.get("volumes", []):
        if isinstance(v, dict):
            out.append((str(v.get("source", "")), v.get("target"), bool(v.get("read_only"))))
        else:
            parts = v.split(":")
            out.append((parts[0], parts[1], len(parts) > 2 and "ro" in parts[2].split(",")))
    return out


def main():
    repo = pathlib.Path(sys.argv[1]).resolve()
    compose = yaml.safe_load(sys.stdin)
    services = compose.get("services", {})

    for name in ("kafka", "kafka-topics", "influxdb", "grafana", "stream-processor", "collector"):
        check(name in services, "service %s is missing" % name)
    if problems:
        return

    # --- versions and images ------------------------------------------------------------------
    kafka_version = xml_text(repo / "pom.xml", "kafka.version")
    for name in ("kafka", "kafka-topics"):
        check(services[name]["image"] == "apache/kafka:" + kafka_version,
              "%s: image %s, but the clients and the test broker are Kafka %s (pom.xml)"
              % (name, services[name]["image"], kafka_version))
    docker_influxd = (repo / "services/src/main/java/io/raidpulse/services/influx/DockerInfluxd.java").read_text()
    influx_image = re.search(r'IMAGE\s*=\s*"([^"]+)"', docker_influxd).group(1)
    check(services["influxdb"]["image"] == influx_image,
          "influxdb: image %s, but the InfluxDB tests use %s (DockerInfluxd.IMAGE)"
          % (services["influxdb"]["image"], influx_image))
    images_pom = repo / "images/pom.xml"
    for name, prop in (("collector", "collector.image"), ("stream-processor", "stream.image")):
        repository = xml_text(images_pom, prop)
        check(services[name]["image"].split(":")[0] == repository,
              "%s: image %s, but images/pom.xml tags it %s" % (name, services[name]["image"], repository))
        check(services[name].get("pull_policy") == "never",
              "%s: pull_policy must be never (the image is loaded from images/target, not pulled)" % name)

    # --- every service -----------------------------------------------------------------------
    for name, svc in services.items():
        for dep, spec in (svc.get("depends_on") or {}).items():
            check(isinstance(spec, dict) and spec.get("condition") in
                  ("service_healthy", "service_completed_successfully", "service_started"),
                  "%s: depends_on %s has no condition" % (name, dep))
        if name != "kafka-topics":
            check(svc.get("restart") in ("always", "unless-stopped"), "%s: no restart policy" % name)
        check(not svc.get("privileged"), "%s: privileged" % name)
        for source, target, _ in mounts(svc):
            if source.startswith("/") and source.startswith(str(repo)):
                check(pathlib.Path(source).exists(), "%s: bind-mounts %s, which does not exist" % (name, source))
    for name in ("kafka", "influxdb", "grafana"):
        check("healthcheck" in services[name], "%s: no healthcheck" % name)

    # --- our two services ----------------------------------------------------------------------
    for name in ("collector", "stream-processor"):
        svc = services[name]
        check(svc.get("read_only") is True, "%s: root file system not read-only" % name)
        check("ALL" in (svc.get("cap_drop") or []), "%s: capabilities not dropped" % name)
        check("no-new-privileges:true" in (svc.get("security_opt") or []), "%s: no-new-privileges not set" % name)
        check(any(t.split(":")[0] == "/tmp" for t in (svc.get("tmpfs") or [])),
              "%s: no tmpfs on /tmp (natives are extracted there; the root is read-only)" % name)
        check(str(svc.get("user", "65532")).split(":")[0] not in ("0", "root"), "%s: runs as root" % name)
        check(any(t == "/var/lib/raidpulse" and not ro and not s.startswith("/") for s, t, ro in mounts(svc)),
              "%s: no named volume on /var/lib/raidpulse" % name)

    collector = services["collector"]
    cm = {t: (s, ro) for s, t, ro in mounts(collector)}
    for host_dir in ("/proc", "/sys"):
        target = "/host" + host_dir
        check(cm.get(target) == (host_dir, True), "collector: %s must be mounted read-only at %s" % (host_dir, target))
        cmd = collector.get("command") or []
        flag = "--%s-root" % host_dir[1:]
        check(flag in cmd and cmd[cmd.index(flag) + 1] == target,
              "collector: command must pass %s %s" % (flag, target))
    check(not collector.get("cap_add") and not collector.get("devices") and collector.get("pid") != "host",
          "collector: must need no capabilities, devices or host PID namespace")

    # --- config files point at the services ------------------------------------------------
    def config_of(name, path_in_container):
        for source, target, ro in mounts(services[name]):
            if target == path_in_container:
                check(ro, "%s: %s mounted writable" % (name, path_in_container))
                return properties(pathlib.Path(source))
        check(False, "%s: nothing mounted at %s" % (name, path_in_container))
        return {}

    stream_conf = config_of("stream-processor", "/etc/raidpulse/stream.properties")
    collector_conf = config_of("collector", "/etc/raidpulse/collector.properties")
    for name, conf in (("stream.properties", stream_conf), ("collector.properties", collector_conf)):
        check(conf.get("kafka.bootstrap.servers") == "kafka:9092",
              "%s: kafka.bootstrap.servers is %s, the kafka service listens on kafka:9092"
              % (name, conf.get("kafka.bootstrap.servers")))
    check(stream_conf.get("influx.url") == "http://influxdb:8086",
          "stream.properties: influx.url is %s, the influxdb service is http://influxdb:8086" % stream_conf.get("influx.url"))
    for name, conf, key in (("stream.properties", stream_conf, "kafka.state.dir"),
                            ("collector.properties", collector_conf, "collector.spool.dir")):
        check(conf.get(key, "").startswith("/var/lib/raidpulse/"),
              "%s: %s must be under /var/lib/raidpulse (the volume), got %s" % (name, key, conf.get(key)))
    influx_db = services["influxdb"].get("environment", {}).get("INFLUXDB_DB")
    check(stream_conf.get("influx.database") == influx_db,
          "stream.properties: influx.database %s, but the influxdb service creates %s"
          % (stream_conf.get("influx.database"), influx_db))

    # --- Grafana ---------------------------------------------------------------------------------
    grafana = services["grafana"]
    gm = {t: (s, ro) for s, t, ro in mounts(grafana)}
    prov = gm.get("/etc/grafana/provisioning")
    check(prov is not None and prov[1] and pathlib.Path(prov[0]) == repo / "grafana/provisioning",
          "grafana: grafana/provisioning must be mounted read-only at /etc/grafana/provisioning")
    dashboards_yml = repo / "grafana/provisioning/dashboards/raidpulse.yml"
    providers = yaml.safe_load(dashboards_yml.read_text()).get("providers", []) if dashboards_yml.exists() else []
    if check(len(providers) == 1, "%s: expected one dashboard provider" % dashboards_yml):
        path = providers[0].get("options", {}).get("path")
        mounted = gm.get(path)
        check(mounted is not None and mounted[1] and pathlib.Path(mounted[0]) == repo / "grafana/dashboards",
              "grafana: grafana/dashboards must be mounted read-only at %s, where %s looks for dashboards"
              % (path, dashboards_yml.relative_to(repo)))
    env = grafana.get("environment", {})
    check("GF_SECURITY_ADMIN_PASSWORD" in env, "grafana: GF_SECURITY_ADMIN_PASSWORD not set from the environment")
    check(env.get("GF_SECURITY_ADMIN_PASSWORD") not in ("admin", ""), "grafana: default admin password")
    ds_file = repo / "grafana/provisioning/datasources/influxdb.yml"
    ds = [d for d in yaml.safe_load(ds_file.read_text()).get("datasources", []) if d.get("uid") == "raidpulse-influxdb"]
    if check(len(ds) == 1, "%s: no datasource with uid raidpulse-influxdb" % ds_file):
        d = ds[0]
        check(d.get("type") == "influxdb" and d.get("url") == "http://influxdb:8086",
              "datasource: must be type influxdb at http://influxdb:8086, is %s at %s" % (d.get("type"), d.get("url")))
        check(d.get("jsonData", {}).get("version", "InfluxQL") == "InfluxQL", "datasource: must query with InfluxQL")
        check(d.get("jsonData", {}).get("dbName") == influx_db,
              "datasource: dbName %s, but the influxdb service creates %s" % (d.get("jsonData", {}).get("dbName"), influx_db))


if __name__ == "__main__":
    main()
    for p in problems:
        print("docker-compose.yml: " + p)
    sys.exit(1 if problems else 0)
