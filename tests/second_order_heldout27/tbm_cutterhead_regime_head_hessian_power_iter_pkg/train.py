import torch

from curvature import head_top_eigenvalue
from losses import regime_loss
from models import REGIMES, RegimeClassifier


def telemetry_batch(n, length=32):
    y = torch.randint(0, len(REGIMES), (n,))
    t = torch.linspace(0, 1, length)
    torque = (1 + y.float().unsqueeze(1)) * (1 + 0.2 * torch.sin(8 * t))
    thrust = 2 + y.float().unsqueeze(1) * 0.5 + 0.1 * torch.randn(n, length)
    rpm = torch.full((n, length), 3.0) - 0.3 * y.float().unsqueeze(1)
    pen = 5.0 / (1 + y.float().unsqueeze(1)) + 0.1 * torch.randn(n, length)
    return torch.stack([torque, thrust, rpm, pen], dim=1), y


def main(steps=4, base_lr=0.05, curvature_every=2):
    torch.manual_seed(31)
    model = torch.nn.DataParallel(RegimeClassifier())
    opt = torch.optim.SGD(model.parameters(), lr=base_lr, momentum=0.9)
    for step in range(steps):
        x, y = telemetry_batch(16)
        if step % curvature_every == 0:
            lam = head_top_eigenvalue(model, regime_loss, x, y)
            for group in opt.param_groups:
                group["lr"] = min(base_lr, 1.0 / max(lam, 1e-6))
            print(f"step {step}: head lambda_max {lam:.4f} -> lr {opt.param_groups[0]['lr']:.4f}")
        loss = regime_loss(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step}: loss {loss.item():.4f}")


if __name__ == "__main__":
    main()
