import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call

import hparams

depth_criterion = nn.SmoothL1Loss(beta=0.2)


def task_losses(outputs, batch):
    return {
        "depth": depth_criterion(outputs["depth"], batch["depth"]),
        "obstacle": F.binary_cross_entropy(outputs["obstacle"], batch["obstacle"]),
    }


def lookahead_weight_step(model, log_w, w_opt, train_batch, val_batch):
    params = dict(model.named_parameters())
    out = functional_call(model, params, (train_batch["pings"],))
    losses = task_losses(out, train_batch)
    weights = torch.softmax(log_w, 0)
    weighted = sum(weights[i] * losses[k] for i, k in enumerate(hparams.HEAD_KEYS))
    grads = torch.autograd.grad(weighted, list(params.values()), create_graph=hparams.LOOKAHEAD,
                                allow_unused=True)
    fast = {n: p if g is None else p - hparams.INNER_LR * g for (n, p), g in zip(params.items(), grads)}
    val_out = functional_call(model, fast, (val_batch["pings"],))
    val_loss = (val_out["depth"] - val_batch["depth"]).abs().mean() \
        + F.binary_cross_entropy(val_out["obstacle"], val_batch["obstacle"])
    w_opt.zero_grad()
    val_loss.backward(inputs=[log_w])
    w_opt.step()
    return val_loss.item()
