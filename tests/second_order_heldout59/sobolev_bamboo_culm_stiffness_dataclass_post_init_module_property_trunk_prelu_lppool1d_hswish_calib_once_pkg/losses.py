"""Sobolev loss: match the teacher's value and its input gradient."""
import torch
import torch.nn.functional as F


def sobolev_loss(model, x, y, dy, slope_weight):
    x = x.detach().requires_grad_(True)
    pred = model(x)
    (dpred,) = torch.autograd.grad(pred.sum(), x, create_graph=True)
    value = F.mse_loss(pred, y)
    slope = F.smooth_l1_loss(dpred, dy, beta=0.05)
    return value + slope_weight * slope, {"value": value.item(), "slope": slope.item()}


def calibration_loss(model, pred, y_field):
    return F.mse_loss(model.calib(pred.detach()), y_field)
