import os

import pytest

# Keep the test cluster on the loopback interface: Ray otherwise advertises the
# machine's network address even for a cluster of one. Read when Ray is imported;
# inherited by its workers and by the `bgbot` processes the tests start.
os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")


@pytest.fixture(scope="session")
def ray_cluster():
    """One local Ray for the whole session (starting one takes seconds): 2 CPUs, no dashboard."""
    ray = pytest.importorskip("ray", reason="the ray extra is not installed: "
                              "pip install -e '.[ray]'")
    ray.init(num_cpus=2, include_dashboard=False, logging_level="warning", log_to_driver=False)
    yield ray.get_runtime_context().gcs_address
    ray.shutdown()
