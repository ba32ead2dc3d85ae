import torch
import torch.nn.functional as F

from config import cfg
from ewc import EWC
from model import StitchNet


def stitch_batch(task, n=8):
    y = torch.randint(0, cfg.classes_per_task, (n,)) + task * cfg.classes_per_task
    x = torch.randn(n, cfg.n_mels, cfg.frames) * 0.3 + (y.float()[:, None, None] / 6.0)
    return x, y


def grad_norm(model):
    return torch.sqrt(sum(p.grad.pow(2).sum() for p in model.parameters() if p.grad is not None))


def main():
    torch.manual_seed(0)
    model = StitchNet(cfg)
    ewc = EWC(model)
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    for task in range(cfg.tasks):
        for step in range(cfg.steps):
            x, y = stitch_batch(task)
            loss = F.nll_loss(model(x), y) + cfg.ewc_lambda * ewc.penalty()
            opt.zero_grad()
            loss.backward()
            norm_before = grad_norm(model).item()
            torch.nn.utils.clip_grad_norm_(model.parameters(), cfg.clip)
            opt.step()
            print(f"task {task} step {step} loss {loss.item():.3f} |g| {norm_before:.3f}")
        ewc.consolidate([stitch_batch(task) for _ in range(cfg.fisher_batches)])


if __name__ == "__main__":
    main()
