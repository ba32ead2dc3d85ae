"""Meta-train a chlorine decay prior over pools, then adapt to a new pool."""
import torch

from config import MetaConfig
from meta import PoolMetaLearner, inner_adapt
from model import ChlorineDecayNet, decay_loss
from torch.func import functional_call


class PoolTask:
    """Synthetic pool: first-order decay whose rate depends on temperature, UV and a pool constant."""

    def __init__(self):
        self.k_pool = 0.05 + 0.1 * torch.rand(1)

    def sample(self, n):
        hours = torch.rand(n) * 24
        temp, ph, uv, dose = 20 + 10 * torch.rand(n), 7 + torch.rand(n), 8 * torch.rand(n), 1 + 2 * torch.rand(n)
        rate = self.k_pool * (1 + 0.03 * (temp - 25)) * (1 + 0.1 * uv)
        ppm = dose * torch.exp(-rate * hours) + 0.02 * torch.randn(n)
        x = torch.stack([hours / 24, (temp - 25) / 5, ph - 7.5, uv / 8, dose / 3], dim=-1)
        return x, ppm


def main():
    cfg = MetaConfig()
    torch.manual_seed(cfg.seed)
    model = ChlorineDecayNet(cfg.hidden)
    learner = PoolMetaLearner(model, cfg)
    for it in range(cfg.iters):
        step = learner.meta_step([PoolTask() for _ in range(cfg.tasks_per_batch)])
        print(f"iter {it} {cfg.algo} meta-update norm {step:.4f}")
    new_pool = PoolTask()
    fast = inner_adapt(model, new_pool, cfg, create_graph=False)
    with torch.no_grad():
        x, y = new_pool.sample(64)
        print("new pool loss", round(decay_loss(functional_call(model, fast, (x,)), y).item(), 4))


if __name__ == "__main__":
    main()
