"""cnn: one training step of the two-convolution network (batch 64, momentum SGD)."""
from torch_workloads._train import make_classifier_step


def make(batch):
    return make_classifier_step('cnn', batch)
