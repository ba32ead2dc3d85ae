"""AdaHessian (Yao et al. 2021) training of a sleep-stage classifier on EEG spectrograms."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class AdaHessian(torch.optim.Optimizer):
    def __init__(self, params, lr=0.15, betas=(0.9, 0.999), eps=1e-4, hessian_power=1.0):
        defaults = dict(lr=lr, betas=betas, eps=eps, hessian_power=hessian_power)
        super().__init__(params, defaults)

    def get_params(self):
        return (p for group in self.param_groups for p in group['params'] if p.requires_grad)

    @torch.no_grad()
    def set_hessian(self):
        params = [p for p in self.get_params() if p.grad is not None]
        zs = [torch.randint(0, 2, p.size()) * 2.0 - 1.0 for p in params]
        with torch.enable_grad():
            h_zs = torch.autograd.grad([p.grad for p in params], params, grad_outputs=zs, retain_graph=False)
        for h_z, z, p in zip(h_zs, zs, params):
            self.state[p]['hess'] = (h_z * z).abs()

    @torch.no_grad()
    def step(self):
        self.set_hessian()
        for group in self.param_groups:
            for p in group['params']:
                if p.grad is None:
                    continue
                state = self.state[p]
                if 'exp_avg' not in state:
                    state['step'] = 0
                    state['exp_avg'] = torch.zeros_like(p)
                    state['exp_hessian_diag_sq'] = torch.zeros_like(p)
                state['step'] += 1
                b1, b2 = group['betas']
                state['exp_avg'].mul_(b1).add_(p.grad, alpha=1 - b1)
                state['exp_hessian_diag_sq'].mul_(b2).addcmul_(state['hess'], state['hess'], value=1 - b2)
                bc1 = 1 - b1 ** state['step']
                bc2 = 1 - b2 ** state['step']
                denom = (state['exp_hessian_diag_sq'].sqrt() / math.sqrt(bc2)).add_(group['eps'])
                p.addcdiv_(state['exp_avg'], denom, value=-group['lr'] / bc1)


class SleepNet(nn.Module):
    def __init__(self, n_stages=5):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(1, 8, 3, padding=1), nn.ELU(),
            nn.AvgPool2d(2),
            nn.Conv2d(8, 8, 3, padding=1), nn.ELU(),
        )
        self.classifier = nn.Linear(8 * 8 * 8, n_stages)

    def forward(self, x):
        return self.classifier(self.features(x).flatten(1))


model = SleepNet()
optimizer = AdaHessian(model.parameters())
for epoch in range(2):
    spec = torch.randn(4, 1, 16, 16)
    stage = torch.randint(0, 5, (4,))
    optimizer.zero_grad()
    loss = F.cross_entropy(model(spec), stage)
    loss.backward(create_graph=True)
    optimizer.step()
