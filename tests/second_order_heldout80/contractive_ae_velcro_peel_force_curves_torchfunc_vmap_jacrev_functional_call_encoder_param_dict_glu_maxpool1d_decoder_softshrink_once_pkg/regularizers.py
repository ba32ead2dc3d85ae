"""Contractive penalty: squared Frobenius norm of the encoder Jacobian, per curve, via torch.func."""
import torch
from torch.func import functional_call, jacrev, vmap


def encoder_jacobian_penalty(encoder, enc_params, curves):
    def encode_one(p, c):
        return functional_call(encoder, p, (c,))

    jac = vmap(jacrev(encode_one, argnums=1), in_dims=(None, 0))(enc_params, curves)
    return jac.pow(2).sum(dim=(1, 2)).mean()
