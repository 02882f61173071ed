"""Suite-wide safety: no test may multicast on a real interface or write to the user's files.

Set at import time, before any test module imports `net`, so even a test that forgets a fixture
runs zeroconf on loopback only and keeps its journals, reconnect tokens, records and remembered
settings in temporary folders.
Only the namespace tests widen the interfaces, inside network namespaces they create.
"""

import os
import tempfile

os.environ["GAMENIGHT_MDNS_INTERFACES"] = "127.0.0.1"
os.environ["GAMENIGHT_DATA_DIR"] = tempfile.mkdtemp(prefix="gamenight-tests-")
os.environ["GAMENIGHT_CONFIG_DIR"] = tempfile.mkdtemp(prefix="gamenight-tests-config-")
