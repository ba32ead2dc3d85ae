"""Meta-learned elastic-net coefficients: one inner step on the training split, validation loss after it."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call

from settings import Meta


class ElasticNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.log_l1 = nn.Parameter(torch.tensor(Meta.INIT_L1))
        self.log_l2 = nn.Parameter(torch.tensor(Meta.INIT_L2))

    def forward(self, params):
        l1 = sum(p.abs().sum() for p in params.values())
        l2 = sum(p.pow(2).sum() for p in params.values())
        return self.log_l1.exp() * l1 + self.log_l2.exp() * l2


def meta_step(model, reg, batch_train, batch_val):
    params = {k: v for k, v in model.named_parameters() if v.requires_grad}
    xt, yt = batch_train
    train_loss = F.smooth_l1_loss(functional_call(model, params, (xt,)), yt) + reg(params)
    grads = torch.autograd.grad(train_loss, list(params.values()), create_graph=True)
    adapted = {k: v - Meta.INNER_LR * g for (k, v), g in zip(params.items(), grads)}
    xv, yv = batch_val
    val_loss = F.mse_loss(functional_call(model, adapted, (xv,)), yv)
    return train_loss, val_loss
