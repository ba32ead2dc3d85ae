"""Monotonicity regulariser (Gupta et al., "How to incorporate monotonicity in deep networks"):
penalise negative per-applicant partial derivatives of the score w.r.t. features that must be monotone."""
import torch
from torch.func import functional_call, grad, vmap


def per_sample_input_grads(model, params, numeric, categorical):
    def score(p, x_num, x_cat):
        batch_cat = {k: v.unsqueeze(0) for k, v in x_cat.items()}
        return functional_call(model, p, (x_num.unsqueeze(0), batch_cat)).squeeze(0)

    return vmap(grad(score, argnums=1), in_dims=(None, 0, 0))(params, numeric, categorical)


def monotonicity_penalty(model, numeric, categorical, increasing_idx, decreasing_idx):
    params = dict(model.named_parameters())
    g = per_sample_input_grads(model, params, numeric, categorical)
    up = torch.relu(-g[:, increasing_idx]).pow(2).sum(1)
    down = torch.relu(g[:, decreasing_idx]).pow(2).sum(1)
    return (up + down).mean()
