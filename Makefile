# The release: gazette-VERSION-linux-x86_64.tar.gz and gazette_VERSION_amd64.deb in dist/.
.PHONY: release
release:
	scripts/release.sh dist
