import torch.nn.functional as F


def sector_loss(net, patches, sectors):
    logits = net.module.predict(patches)
    return F.cross_entropy(logits, sectors, label_smoothing=0.05)
