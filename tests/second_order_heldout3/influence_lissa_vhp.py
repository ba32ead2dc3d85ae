"""Influence functions (Koh & Liang) with the LiSSA inverse-HVP recursion, using torch.autograd.functional.vhp on a functional loss."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.autograd.functional import vhp
from torch.func import functional_call


class TextClassifier(nn.Module):
    def __init__(self, d_in=32, hidden=16, n_cls=3):
        super().__init__()
        self.fc1 = nn.Linear(d_in, hidden)
        self.act = nn.Tanh()
        self.fc2 = nn.Linear(hidden, n_cls)

    def forward(self, x):
        return self.fc2(self.act(self.fc1(x)))


def make_loss(model, names, shapes, x, y, damping=0.01):
    n_cls = model.fc2.out_features

    def loss_fn(flat):
        params, offset = {}, 0
        for name, shape in zip(names, shapes):
            n = torch.Size(shape).numel()
            params[name] = flat[offset:offset + n].view(shape)
            offset += n
        logp = F.log_softmax(functional_call(model, params, (x,)), dim=-1)
        nll = -(logp * F.one_hot(y, n_cls)).sum(-1).mean()
        return nll + 0.5 * damping * flat.pow(2).sum()

    return loss_fn


def inverse_hvp_lissa(model, train_x, train_y, v, depth=50, scale=25.0):
    names = [n for n, _ in model.named_parameters()]
    shapes = [p.shape for _, p in model.named_parameters()]
    flat = torch.cat([p.detach().reshape(-1) for p in model.parameters()])
    estimate = v.clone()
    for i in range(depth):
        idx = torch.randint(0, train_x.shape[0], (8,))
        loss_fn = make_loss(model, names, shapes, train_x[idx], train_y[idx])
        _, hv = vhp(loss_fn, flat, estimate)
        estimate = v + estimate - hv / scale
    return estimate / scale


def influence(model, train_x, train_y, test_x, test_y, z_x, z_y):
    test_loss = F.cross_entropy(model(test_x), test_y)
    g_test = torch.cat([g.reshape(-1) for g in torch.autograd.grad(test_loss, list(model.parameters()))])
    s_test = inverse_hvp_lissa(model, train_x, train_y, g_test)
    z_loss = F.cross_entropy(model(z_x), z_y)
    g_z = torch.cat([g.reshape(-1) for g in torch.autograd.grad(z_loss, list(model.parameters()))])
    return -torch.dot(s_test, g_z)
