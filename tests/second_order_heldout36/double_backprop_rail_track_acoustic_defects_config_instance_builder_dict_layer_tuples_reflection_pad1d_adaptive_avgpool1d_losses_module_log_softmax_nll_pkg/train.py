"""Train the rail-track defect classifier on synthetic axle-box microphone windows."""
import torch

from config import CFG
from layers import build_classifier
from losses import input_gradient_regularised


def synthetic_windows(n, cfg):
    y = torch.randint(0, cfg.n_classes, (n,))
    t = torch.linspace(0, 1, cfg.window)
    tone = torch.sin(2 * torch.pi * (8 + 6 * y[:, None]) * t)
    return (tone + 0.3 * torch.randn(n, cfg.window)).unsqueeze(1), y


def main():
    torch.manual_seed(13)
    model = build_classifier(CFG)
    opt = torch.optim.Adam(model.parameters(), lr=CFG.lr)
    for epoch in range(CFG.epochs):
        x, y = synthetic_windows(CFG.batch, CFG)
        total, ce, pen = input_gradient_regularised(model, x, y, CFG.input_grad_weight)
        opt.zero_grad()
        total.backward()
        opt.step()
        print(f"epoch {epoch}: ce={ce.item():.3f} grad-pen={pen.item():.4f}")


if __name__ == "__main__":
    main()
