import torch


def input_jacobian_penalty(pred, x, create_graph):
    """Mean squared sensitivity of the forecast to the input window, ||d Dst_hat / d x||^2."""
    (jac,) = torch.autograd.grad(pred.sum(), x, create_graph=create_graph, retain_graph=True)
    penalty = jac.pow(2).sum(dim=(1, 2)).mean()
    return penalty if create_graph else penalty.detach()
