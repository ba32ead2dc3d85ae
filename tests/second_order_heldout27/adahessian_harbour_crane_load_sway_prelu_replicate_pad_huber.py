# Sway-angle forecaster for a ship-to-shore container crane (trolley accel, hoist length, wind -> sway),
# trained with AdaHessian (Yao et al. 2021): Hutchinson estimate of diag(H) from p.grad after
# backward(create_graph=True).
import torch
import torch.nn as nn
import torch.nn.functional as F


class AdaHessian(torch.optim.Optimizer):
    def __init__(self, params, lr=0.05, betas=(0.9, 0.999), eps=1e-4, hessian_power=1.0):
        super().__init__(params, dict(lr=lr, betas=betas, eps=eps, hessian_power=hessian_power))

    def _params(self):
        return [p for g in self.param_groups for p in g["params"] if p.grad is not None]

    @torch.no_grad()
    def _hutchinson(self, params):
        zs = [torch.randint_like(p, 2) * 2 - 1 for p in params]
        with torch.enable_grad():
            h_zs = torch.autograd.grad([p.grad for p in params], params, grad_outputs=zs)
        return [hz * z for hz, z in zip(h_zs, zs)]

    @torch.no_grad()
    def step(self):
        params = self._params()
        hut = self._hutchinson(params)
        for p, d in zip(params, hut):
            group = self.param_groups[0]
            st = self.state[p]
            if not st:
                st["step"], st["m"], st["v"] = 0, torch.zeros_like(p), torch.zeros_like(p)
            b1, b2 = group["betas"]
            st["step"] += 1
            st["m"].mul_(b1).add_(p.grad.detach(), alpha=1 - b1)
            st["v"].mul_(b2).addcmul_(d, d, value=1 - b2)
            denom = (st["v"] / (1 - b2 ** st["step"])).sqrt().pow(group["hessian_power"]) + group["eps"]
            p.add_(st["m"] / (1 - b1 ** st["step"]) / denom, alpha=-group["lr"])


class SwayNet(nn.Module):
    def __init__(self, n_sensors=3, ch=8, horizon=4):
        super().__init__()
        self.conv1 = nn.Conv1d(n_sensors, ch, 5)
        self.act1 = nn.PReLU(ch)
        self.conv2 = nn.Conv1d(ch, ch, 3, dilation=2)
        self.act2 = nn.Tanh()
        self.conv3 = nn.Conv1d(ch, ch, 3)
        self.head = nn.Linear(ch, horizon)

    def forward(self, x):
        h = self.act1(self.conv1(x))
        h = F.pad(h, (4, 0), mode="replicate")  # causal left padding: repeat the first frame
        h = self.act2(self.conv2(h))
        h = F.pad(h, (2, 0), mode="constant", value=0.0)
        return self.head(self.conv3(h)[:, :, -1])


def crane_windows(n, length=24):
    t = torch.linspace(0, 6, length)
    accel = torch.randn(n, 1, 1) * torch.sin(t)
    hoist = 20 + 5 * torch.rand(n, 1, 1).expand(n, 1, length)
    wind = 0.3 * torch.randn(n, 1, length)
    x = torch.cat([accel, hoist / 25, wind], dim=1)
    y = torch.sin(t[-4:] + accel[:, :, -1:].squeeze(1))
    return x, y


def main(steps=4):
    torch.manual_seed(9)
    net = SwayNet()
    opt = AdaHessian(net.parameters())
    criterion = nn.HuberLoss(delta=0.5)
    for s in range(steps):
        x, y = crane_windows(16)
        loss = criterion(net(x), y)
        opt.zero_grad()
        loss.backward(create_graph=True)
        opt.step()
        print(f"step {s}: huber {loss.item():.4f}")


if __name__ == "__main__":
    main()
