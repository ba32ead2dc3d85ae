"""Meta-train the cough screener over clinics."""
import argparse

import torch

from config import META, NET
from maml import MetaLearner
from nets import CoughNet


def clinic_task(n_sup, n_qry, mel, frames):
    """Synthetic mel patches; each clinic has its own microphone tilt (gain per mel band)."""
    tilt = torch.linspace(0.5, 1.5, mel)[torch.randperm(mel)][:, None]

    def sample(n):
        y = torch.cat([torch.ones(n), torch.zeros(n)])
        x = torch.rand(2 * n, 1, mel, frames) * 0.3
        x[: n, :, 2:6, :] += 0.5  # low-band wet-cough energy for the positives
        return x * tilt, y

    xs, ys = sample(n_sup)
    xq, yq = sample(n_qry)
    return xs, ys, xq, yq


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--iters", type=int, default=META["iters"])
    ap.add_argument("--algo", default=META["algo"], choices=["maml", "fomaml"])
    args = ap.parse_args()
    meta = dict(META, iters=args.iters, algo=args.algo)
    torch.manual_seed(0)
    net = CoughNet(NET["in_ch"], NET["mel"], NET["frames"], NET["spec"])
    learner = MetaLearner(net, meta)
    mk = lambda: clinic_task(meta["support"], meta["query"], NET["mel"], NET["frames"])
    for it in range(meta["iters"]):
        loss = learner.meta_step([mk() for _ in range(meta["tasks_per_batch"])])
        acc = learner.evaluate(mk())
        print(f"iter {it} {meta['algo']} query-bce {loss:.3f} new-clinic acc {acc:.2f}")


if __name__ == "__main__":
    main()
