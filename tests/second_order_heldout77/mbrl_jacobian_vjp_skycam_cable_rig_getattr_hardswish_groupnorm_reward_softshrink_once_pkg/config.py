"""Config for a model-based controller of a four-cable skycam rig."""
import argparse


def get_config(argv=None):
    p = argparse.ArgumentParser(description="PETS-style MBRL with a Jacobian-regularised dynamics ensemble")
    p.add_argument("--obs-dim", type=int, default=9)
    p.add_argument("--act-dim", type=int, default=4)
    p.add_argument("--hidden", type=int, default=64)
    p.add_argument("--groups", type=int, default=8)
    p.add_argument("--act", default="Hardswish", help="name of a torch.nn activation")
    p.add_argument("--ensemble", type=int, default=3)
    p.add_argument("--jac-weight", type=float, default=1e-2)
    p.add_argument("--jac-probes", type=int, default=2)
    p.add_argument("--epochs", type=int, default=3)
    p.add_argument("--batch", type=int, default=64)
    p.add_argument("--plan-horizon", type=int, default=5)
    p.add_argument("--cem-pop", type=int, default=64)
    p.add_argument("--cem-iters", type=int, default=3)
    p.add_argument("--seed", type=int, default=5)
    return p.parse_args(argv)
