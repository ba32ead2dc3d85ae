import math

import torch
import torch.nn.functional as F

from config import MAMLPPConfig
from inner import LSLR, inner_loop
from models import StrokeNet


def msl_weights(cfg, epoch):
    """Multi-step loss importance: uniform at first, annealed towards the last step."""
    n = cfg.inner_steps
    decay = 1.0 / n / cfg.msl_epochs
    w = [max(1.0 / n - epoch * decay, 0.03 / n) for _ in range(n - 1)]
    w.append(1.0 - sum(w))
    return w


def make_task(cfg, gen):
    """Synthetic strokes: each class is a pen path family with its own curvature and pressure profile."""
    t = torch.linspace(0, 1, cfg.seq_len)
    bend = torch.randn(cfg.n_way, generator=gen) * 2
    slope = torch.rand(cfg.n_way, generator=gen) * math.pi

    def draw(n):
        y = torch.arange(cfg.n_way).repeat_interleave(n)
        jit = 0.05 * torch.randn(len(y), 3, cfg.seq_len, generator=gen)
        px = torch.cos(slope[y]).unsqueeze(1) * t + 0.1 * bend[y].unsqueeze(1) * t ** 2
        py = torch.sin(slope[y]).unsqueeze(1) * t - 0.1 * bend[y].unsqueeze(1) * t ** 3
        pr = torch.sin(math.pi * t).unsqueeze(0) * (0.5 + 0.1 * y.unsqueeze(1))
        return torch.stack([px, py, pr], 1) + jit, y

    xs, ys = draw(cfg.k_shot)
    xq, yq = draw(cfg.q_query)
    return xs, ys, xq, yq


def main():
    cfg = MAMLPPConfig()
    gen = torch.Generator().manual_seed(cfg.seed)
    torch.manual_seed(cfg.seed)
    model = StrokeNet(cfg)
    lslr = LSLR([n for n, _ in model.named_parameters()], cfg.inner_steps, cfg.init_inner_lr)
    opt = torch.optim.Adam(list(model.parameters()) + list(lslr.parameters()), lr=cfg.meta_lr)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=cfg.epochs * cfg.iters_per_epoch)

    for epoch in range(cfg.epochs):
        create_graph = cfg.second_order and epoch > cfg.first_order_to_second_order_epoch
        weights = msl_weights(cfg, epoch) if cfg.use_multi_step_loss and epoch < cfg.msl_epochs else None
        for it in range(cfg.iters_per_epoch):
            opt.zero_grad()
            total = 0.0
            for _ in range(cfg.meta_batch):
                xs, ys, xq, yq = make_task(cfg, gen)
                traj = inner_loop(model, lslr, xs, ys, cfg.inner_steps, create_graph)
                if weights is None:
                    task_loss = F.cross_entropy(model.functional_forward(xq, traj[-1]), yq)
                else:
                    task_loss = sum(w * F.cross_entropy(model.functional_forward(xq, p), yq)
                                    for w, p in zip(weights, traj))
                (task_loss / cfg.meta_batch).backward()
                total += task_loss.item() / cfg.meta_batch
            torch.nn.utils.clip_grad_norm_(model.parameters(), 10.0)
            opt.step()
            sched.step()
            print(f"epoch {epoch} it {it} second_order={create_graph} query loss {total:.4f}")

    xs, ys, xq, yq = make_task(cfg, gen)
    fast = inner_loop(model, lslr, xs, ys, cfg.inner_steps, create_graph=False)[-1]
    acc = (model.predict(xq, fast) == yq).float().mean().item()
    print(f"validation task accuracy {acc:.3f}")


if __name__ == "__main__":
    main()
