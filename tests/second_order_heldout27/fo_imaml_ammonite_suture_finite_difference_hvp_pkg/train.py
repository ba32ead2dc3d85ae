import torch

from config import IMAML
from imaml import implicit_meta_grad, inner_adapt
from models import SutureNet


def suture_task(n_way, n_per_class):
    lobes = torch.randint(2, 6, (n_way,))
    xs, ys = [], []
    t = torch.linspace(0, 1, 16)
    for c in range(n_way):
        line = torch.sin(2 * torch.pi * lobes[c] * t)
        img = (torch.linspace(-1, 1, 16).view(16, 1) - 0.5 * line.view(1, 16)).abs() < 0.15
        xs.append(img.float().expand(n_per_class, 1, 16, 16) + 0.1 * torch.randn(n_per_class, 1, 16, 16))
        ys.append(torch.full((n_per_class,), c))
    return torch.cat(xs), torch.cat(ys)


def main(cfg=IMAML):
    torch.manual_seed(29)
    meta_model = SutureNet(cfg["n_way"])
    meta_opt = torch.optim.Adam(meta_model.parameters(), lr=cfg["meta_lr"])
    for it in range(cfg["meta_iters"]):
        x_s, y_s = suture_task(cfg["n_way"], cfg["k_shot"])
        x_q, y_q = suture_task(cfg["n_way"], cfg["k_query"])
        learner = inner_adapt(meta_model, x_s, y_s, cfg)
        meta_grad = implicit_meta_grad(learner, x_s, y_s, x_q, y_q, cfg)
        meta_opt.zero_grad()
        for p, g in zip(meta_model.parameters(), meta_grad):
            p.grad = g.clone()
        meta_opt.step()
        print(f"meta-iter {it}: |meta-grad| {torch.sqrt(sum((g * g).sum() for g in meta_grad)).item():.4f}")


if __name__ == "__main__":
    main()
