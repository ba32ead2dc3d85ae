# DP-SGD (Abadi et al.) with microbatches of size one for a hospital-readmission model: each example's
# gradient is clipped to norm C, summed, noised and applied. Gradients are only read, never differentiated.
import torch
import torch.nn as nn
import torch.nn.functional as F


class ReadmitNet(nn.Module):
    def __init__(self, n_feat=40):
        super().__init__()
        self.l1 = nn.Linear(n_feat, 64)
        self.gn = nn.GroupNorm(8, 64)
        self.act = nn.SELU()
        self.l2 = nn.Linear(64, 2)

    def forward(self, x):
        return self.l2(self.act(self.gn(self.l1(x))))


model = ReadmitNet()
params = [p for p in model.parameters()]
C, sigma, lr = 1.0, 1.1, 0.1
for step in range(3):
    x, y = torch.randn(8, 40), torch.randint(0, 2, (8,))
    summed = [torch.zeros_like(p) for p in params]
    for i in range(x.size(0)):
        loss_i = F.cross_entropy(model(x[i:i + 1]), y[i:i + 1])
        grads = torch.autograd.grad(loss_i, params)
        norm = torch.sqrt(sum(g.pow(2).sum() for g in grads))
        factor = torch.clamp(C / (norm + 1e-6), max=1.0)
        for s, g in zip(summed, grads):
            s.add_(g * factor)
    with torch.no_grad():
        for p, s in zip(params, summed):
            p.sub_(lr * (s + sigma * C * torch.randn_like(s)) / x.size(0))
    print(step, loss_i.item())
