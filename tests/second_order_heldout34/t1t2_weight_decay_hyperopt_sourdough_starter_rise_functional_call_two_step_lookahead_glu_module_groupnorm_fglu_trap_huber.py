"""T1-T2 gradient-based tuning of per-layer weight decay for a sourdough-starter rise-height regressor."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call


class RiseRegressor(nn.Module):
    def __init__(self, n_in=7, hidden=12):
        super().__init__()
        self.inp = nn.Linear(n_in, 2 * hidden)
        self.gate = nn.GLU(dim=-1)
        self.norm = nn.GroupNorm(3, hidden)
        self.mid = nn.Linear(hidden, 2 * hidden)
        self.out = nn.Linear(hidden, 1)

    def forward(self, x):
        h = self.norm(self.gate(self.inp(x)))
        h = F.glu(self.mid(h), dim=-1)
        return self.out(h).squeeze(-1)


def regularised_loss(model, params, log_wd, x, y):
    pred = functional_call(model, params, (x,))
    l2 = sum(torch.exp(log_wd[i]) * p.pow(2).sum() for i, p in enumerate(params.values()))
    return F.huber_loss(pred, y, delta=0.5) + l2


def t1t2_step(model, log_wd, opt_hyper, opt_model, batches_tr, batch_val, inner_lr=0.05):
    params = dict(model.named_parameters())
    for x_tr, y_tr in batches_tr:  # unrolled lookahead: the 2nd step's gradient depends on log_wd through the 1st
        loss_tr = regularised_loss(model, params, log_wd, x_tr, y_tr)
        grads = torch.autograd.grad(loss_tr, list(params.values()), create_graph=True)
        params = {k: p - inner_lr * g for (k, p), g in zip(params.items(), grads)}
    x_val, y_val = batch_val
    loss_val = F.mse_loss(functional_call(model, params, (x_val,)), y_val)
    opt_hyper.zero_grad()
    loss_val.backward(inputs=[log_wd])
    opt_hyper.step()
    opt_model.zero_grad()
    plain = regularised_loss(model, dict(model.named_parameters()), log_wd.detach(), *batches_tr[0])
    plain.backward()
    opt_model.step()
    return plain.item(), loss_val.item()


if __name__ == "__main__":
    torch.manual_seed(0)
    model = RiseRegressor()
    log_wd = torch.full((len(list(model.parameters())),), -6.0, requires_grad=True)
    opt_hyper = torch.optim.Adam([log_wd], lr=0.05)
    opt_model = torch.optim.SGD(model.parameters(), lr=0.05)
    x = torch.randn(48, 7)
    y = x[:, :3].sum(1) + 0.1 * torch.randn(48)
    for it in range(3):
        tr = [(x[:12], y[:12]), (x[12:24], y[12:24])]
        va = (x[24:], y[24:])
        print(it, t1t2_step(model, log_wd, opt_hyper, opt_model, tr, va))
