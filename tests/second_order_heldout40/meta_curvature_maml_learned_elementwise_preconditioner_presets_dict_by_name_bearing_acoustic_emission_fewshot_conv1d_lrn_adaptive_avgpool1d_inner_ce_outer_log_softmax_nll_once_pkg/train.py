import torch

from backbone import AEConvNet
from config import PRESETS, RUN_PRESET
from meta import adapt, init_curvature, query_loss

cfg = PRESETS[RUN_PRESET]


def bearing_episode(ways, shots, queries):
    t = torch.linspace(0, 1, 256)
    freqs = torch.rand(ways) * 40 + 5
    def burst(c, n):
        return (torch.sin(2 * torch.pi * freqs[c] * t) * torch.exp(-6 * t) + 0.3 * torch.randn(n, 256)).unsqueeze(1)
    sx = torch.cat([burst(c, shots) for c in range(ways)])
    qx = torch.cat([burst(c, queries) for c in range(ways)])
    sy = torch.arange(ways).repeat_interleave(shots)
    qy = torch.arange(ways).repeat_interleave(queries)
    return sx, sy, qx, qy


def main():
    torch.manual_seed(0)
    model = AEConvNet(cfg.ways)
    curvature = init_curvature(model)
    meta_opt = torch.optim.Adam(list(model.parameters()) + list(curvature.values()), lr=cfg.meta_lr)
    for it in range(cfg.iterations):
        meta_opt.zero_grad()
        total = 0.0
        for _ in range(cfg.meta_batch):
            sx, sy, qx, qy = bearing_episode(cfg.ways, cfg.shots, cfg.queries)
            fast = adapt(model, curvature, sx, sy, cfg)
            loss = query_loss(model, fast, qx, qy) / cfg.meta_batch
            loss.backward()
            total += loss.item()
        meta_opt.step()
        print(f"iteration {it}: query nll {total:.4f}")


if __name__ == "__main__":
    main()
