import torch
from torch.func import functional_call


def unrolled_params(model, loss, log_lr, second_order):
    """One SGD step written functionally so the validation loss depends on the learning rate."""
    names, params = zip(*model.named_parameters())
    grads = torch.autograd.grad(loss, params, create_graph=second_order)
    lr = log_lr.exp()
    return {n: p - lr * g for n, p, g in zip(names, params, grads)}


def hyper_step(model, criterion, log_lr, hyper_opt, train_batch, val_batch, second_order):
    x, y = train_batch
    xv, yv = val_batch
    fast = unrolled_params(model, criterion(model(x), y), log_lr, second_order)
    val_loss = criterion(functional_call(model, fast, (xv,)), yv)
    hyper_opt.zero_grad()
    (g_lr,) = torch.autograd.grad(val_loss, log_lr)
    log_lr.grad = g_lr
    hyper_opt.step()
    return val_loss.detach()
