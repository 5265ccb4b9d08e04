import pytest


@pytest.fixture(scope="session")
def ray_cluster():
    """One local Ray for the whole session (starting one takes seconds): 2 CPUs, no dashboard."""
    ray = pytest.importorskip("ray", reason="the ray extra is not installed: "
                              "pip install -e '.[ray]'")
    ray.init(num_cpus=2, include_dashboard=False, logging_level="warning", log_to_driver=False)
    yield ray.get_runtime_context().gcs_address
    ray.shutdown()
