"""Train the insulator classifier with a saliency regulariser chosen in config.py."""
import torch
import torch.nn.functional as F

from config import Config
from losses import REGULARISERS, class_log_prob, task_loss
from models import InsulatorNet


def synthetic_crops(cfg, n):
    y = torch.randint(0, cfg.n_cls, (n,))
    x = torch.rand(n, cfg.in_ch, cfg.img, cfg.img) * 0.2
    for k in range(n):
        r = 3 + 4 * int(y[k])
        x[k, :, r:r + 4, :] += 0.6  # a bright band at a class-dependent height
    flip = torch.rand(n) < 0.5
    x[flip] = torch.flip(x[flip], dims=[3])
    return x, y


def saliency_preview(model, x, y, size):
    """Upsampled saliency maps for the dashboard (never trained on)."""
    x = x.detach().requires_grad_(True)
    (sal,) = torch.autograd.grad(class_log_prob(model, x, y).sum(), x)
    with torch.no_grad():
        sal = F.interpolate(sal.abs().sum(1, keepdim=True), size=(size, size), mode="bilinear", align_corners=False)
        return sal / sal.amax(dim=(2, 3), keepdim=True).clamp_min(1e-8)


def main():
    cfg = Config()
    torch.manual_seed(cfg.seed)
    model = InsulatorNet(cfg)
    regulariser = REGULARISERS[cfg.regulariser]
    opt = torch.optim.AdamW(model.parameters(), lr=cfg.lr, weight_decay=1e-4)
    for step in range(cfg.steps):
        x, y = synthetic_crops(cfg, cfg.batch)
        ce = task_loss(model(x), y)
        reg = regulariser(model, x, y)
        loss = ce + cfg.reg_weight * reg
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        acc = (model.predict(x) == y).float().mean().item()
        print(f"step {step} ce {ce.item():.3f} {cfg.regulariser} {reg.item():.3f} acc {acc:.2f}")
    prev = saliency_preview(model, x[:2], y[:2], cfg.preview_size)
    print("preview", tuple(prev.shape))


if __name__ == "__main__":
    main()
