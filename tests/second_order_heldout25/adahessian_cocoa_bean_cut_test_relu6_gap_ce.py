"""AdaHessian (Yao et al. 2021) for a cocoa-bean cut-test grader (slaty / violet / brown / mouldy)."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.optim import Optimizer


class AdaHessian(Optimizer):
    def __init__(self, params, lr=0.15, betas=(0.9, 0.999), eps=1e-4, hessian_power=1.0):
        super().__init__(params, dict(lr=lr, betas=betas, eps=eps, hessian_power=hessian_power))

    def get_trace(self, params, grads):
        zs = [torch.randint_like(p, high=2) * 2.0 - 1.0 for p in params]
        h_zs = torch.autograd.grad(grads, params, grad_outputs=zs, only_inputs=True, retain_graph=False)
        return [hz * z for hz, z in zip(h_zs, zs)]

    @torch.no_grad()
    def step(self):
        params = [p for g in self.param_groups for p in g["params"] if p.grad is not None]
        grads = [p.grad for p in params]
        with torch.enable_grad():
            hut = self.get_trace(params, grads)
        for group in self.param_groups:
            b1, b2 = group["betas"]
            for p, h in zip(params, hut):
                st = self.state[p]
                if not st:
                    st["step"] = 0
                    st["m"] = torch.zeros_like(p)
                    st["v"] = torch.zeros_like(p)
                st["step"] += 1
                st["m"].mul_(b1).add_(p.grad.detach(), alpha=1 - b1)
                st["v"].mul_(b2).addcmul_(h, h, value=1 - b2)
                denom = (st["v"] / (1 - b2 ** st["step"])).sqrt().pow(group["hessian_power"]) + group["eps"]
                p.addcdiv_(st["m"] / (1 - b1 ** st["step"]), denom, value=-group["lr"])


class CutTestNet(nn.Module):
    def __init__(self, n_cls=4):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv2d(3, 16, 3, padding=1), nn.BatchNorm2d(16), nn.ReLU6(),
            nn.Conv2d(16, 32, 3, stride=2, padding=1), nn.ReLU6(),
        )
        self.classifier = nn.Linear(32, n_cls)

    def forward(self, x):
        x = F.adaptive_avg_pool2d(self.body(x), 1).flatten(1)
        return self.classifier(x)


model = CutTestNet()
optimizer = AdaHessian(model.parameters())
for it in range(2):
    images = torch.rand(8, 3, 16, 16)
    labels = torch.randint(0, 4, (8,))
    optimizer.zero_grad()
    loss = F.cross_entropy(model(images), labels)
    loss.backward(create_graph=True)
    optimizer.step()
    print(it, loss.item())
